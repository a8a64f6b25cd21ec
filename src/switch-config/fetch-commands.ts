// What a fetch of a running configuration over SSH sends to a switch of each dialect (issue 38), and how the text is
// taken out of what an interactive shell prints. Pure: the SSH session itself is discovery/ssh-config.ts.
//
// IOS/IOS-XE, NX-OS and Aruba CX are driven in an interactive shell, as an operator would: paging turned off first
// (`terminal length 0`, `no page`), then the configuration shown; each answer ends with the switch's prompt again.
// EOS shows it with paging off in the same command (`| no-more`), its `! Time:` line left out. Junos runs the command
// on an exec channel, where its CLI never pages. The commands are those backup tools send (Oxidized's models).
import type { RunningConfigDialect } from './read-running.ts';

/** How a dialect's configuration is fetched: in a shell (setup commands, then the show command) or by one exec. */
export interface FetchPlan {
  mode: 'shell' | 'exec';
  /** Sent first in a shell, each answered by the prompt: paging and line wrapping off. */
  setup: string[];
  /** The command that prints the running configuration. */
  show: string;
}

export const FETCH_PLANS: Record<RunningConfigDialect, FetchPlan> = {
  'cisco-ios': { mode: 'shell', setup: ['terminal length 0', 'terminal width 0'], show: 'show running-config' },
  nxos: { mode: 'shell', setup: ['terminal length 0'], show: 'show running-config' },
  'arista-eos': { mode: 'shell', setup: [], show: 'show running-config | no-more | exclude ! Time:' },
  'aruba-cx': { mode: 'shell', setup: ['no page'], show: 'show running-config' },
  junos: { mode: 'exec', setup: [], show: 'show configuration | display omit' },
};

/** A prompt at the end of what a shell printed: the last line, ending in #, >, $ or % and at most one space. */
const PROMPT_AT_END = /(?:^|\n)([^\n]{1,80}[#>$%]) ?$/;

/** Line ends made \n, carriage returns within a line (a redrawn line) dropped, ANSI escape sequences removed. */
export function plainText(printed: string): string {
  const withoutEscapes = printed.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
  return withoutEscapes.replace(/\r+\n/g, '\n').replace(/[^\n]*\r(?!\n)/g, '');
}

/** The prompt a shell's output ends with, if it ends with one. */
export function promptAtEnd(printed: string): string | undefined {
  return PROMPT_AT_END.exec(plainText(printed))?.[1];
}

/** Whether what a shell printed since a command was sent ends with the prompt (the command is done). */
export function endsWithPrompt(printed: string, prompt: string): boolean {
  const text = plainText(printed).replace(/ $/, '');
  return text === prompt || text.endsWith(`\n${prompt}`);
}

/** A command's answer in a shell without its echo (the first line) and without the prompt that ends it. */
export function answerOf(printed: string, prompt: string): string {
  const lines = plainText(printed).split('\n');
  if (lines.length > 0 && lines.at(-1)!.replace(/ $/, '') === prompt) lines.pop();
  lines.shift();
  return lines.join('\n');
}
