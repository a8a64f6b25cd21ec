// The bodies a delivery sends, by its subscription's format: the event itself (json), or a readable message in the
// shape of Slack's incoming webhooks (`text` with `blocks`: Block Kit sections in mrkdwn) or of Teams' (a MessageCard
// with its summary, title and facts).
import type { WebhookFormat } from '../db/webhooks.ts';

/** An event as the json format sends it. */
export interface WebhookEvent {
  id: string;
  type: string;
  occurredAt: string;
  site: { id: string; name: string } | null;
  data: unknown;
}

/** The body of `event` in `format`. */
export function bodyOf(format: WebhookFormat, event: WebhookEvent): string {
  if (format === 'slack') return JSON.stringify(slackMessage(event));
  if (format === 'teams') return JSON.stringify(teamsCard(event));
  return JSON.stringify(event);
}

/** One line that says what happened: an activity entry's summary, else the event's type. */
export function headlineOf(event: WebhookEvent): string {
  const summary = (event.data as { summary?: unknown } | null)?.summary;
  return typeof summary === 'string' && summary !== '' ? summary : event.type;
}

function factsOf(event: WebhookEvent): { name: string; value: string }[] {
  const who = (event.data as { username?: unknown } | null)?.username;
  return [
    { name: 'Event', value: event.type },
    { name: 'Site', value: event.site?.name ?? '—' },
    { name: 'When', value: event.occurredAt },
    ...(typeof who === 'string' ? [{ name: 'By', value: who }] : []),
  ];
}

// Slack's mrkdwn reads &, < and > as its own marks.
function slackEscaped(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function slackMessage(event: WebhookEvent) {
  const headline = slackEscaped(headlineOf(event));
  const facts = factsOf(event).map((fact) => `*${fact.name}:* ${slackEscaped(fact.value)}`);
  return {
    text: `Switchyard: ${headline}`,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*${headline}*` } },
      { type: 'context', elements: facts.map((text) => ({ type: 'mrkdwn', text })) },
    ],
  };
}

function teamsCard(event: WebhookEvent) {
  const headline = headlineOf(event);
  return {
    '@type': 'MessageCard',
    '@context': 'https://schema.org/extensions',
    summary: `Switchyard: ${headline}`,
    themeColor: '0076D7',
    title: headline,
    sections: [{ activityTitle: 'Switchyard', facts: factsOf(event), markdown: false }],
  };
}
