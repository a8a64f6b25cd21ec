import { writeUnlessStorageFails } from '../db/open.ts';
import { makePublicLink, revokePublicLink } from '../domain/public-links.ts';
import {
  getPublicLink,
  listPublicLinks,
  publicLinkByTokenHash,
  PUBLIC_TOKEN_SHAPE,
  publicLinkToApi,
  publicTokenHash,
  publicPorts,
  publicSwitch,
  touchPublicLink,
  type PublicPortRow,
} from '../db/public-links.ts';
import { getSwitch } from '../db/switches.ts';
import { HttpError } from '../errors/http-error.ts';
import { resourceSchema, type JsonSchema, type Resource } from '../fields/field.ts';
import { PORT } from '../fields/ports.ts';
import { SWITCH } from '../fields/switches.ts';
import { VLAN } from '../fields/vlans.ts';
import { created, pageAnswer } from '../http/answers.ts';
import { clientAddress, requestOrigin } from '../http/client.ts';
import { PAGE_QUERY_DOC, pageParams, pageSchema } from '../http/list-request.ts';
import { actorOf, pathRow } from '../http/request.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';

/** The routes of public links: a switch shown read-only to anybody who has the link (docs/SHARING.md). */
export const PUBLIC_LINK_ROUTES: Route[] = [
  {
    method: 'POST',
    path: '/api/switches/:id/public-link',
    access: 'editor',
    handler: switchPublicLinkCreate,
    summary:
      'Make a public link to the switch: a random token (32 bytes, base64url) in the URL /p/<token>, ' +
      'answered this once (only its SHA-256 is stored; never exported); an activity entry of the switch, not undoable. ' +
      'At most 50 links per switch (409 too_many_links).',
    doc: { response: publicLinkSchema(true), status: 201 },
  },
  {
    method: 'GET',
    path: '/api/switches/:id/public-links',
    access: 'viewer',
    handler: switchPublicLinksList,
    summary: 'The public links of a switch, newest first: when each was made, by whom, and last opened (never a token).',
    doc: {
      response: pageSchema(publicLinkSchema(false)),
      query: PAGE_QUERY_DOC,
    },
  },
  {
    method: 'GET',
    path: '/api/public-links/:id',
    access: 'viewer',
    handler: publicLinkGet,
    summary: 'One public link (never its token).',
    doc: { response: publicLinkSchema(false) },
  },
  {
    method: 'DELETE',
    path: '/api/public-links/:id',
    access: 'editor',
    handler: publicLinkRevoke,
    summary: 'Revoke a public link: its token opens nothing from the next request on; an activity entry of its switch, not undoable.',
    doc: { status: 204 },
  },
  {
    method: 'GET',
    path: '/api/p/:token',
    access: 'public',
    cache: false,
    secretPath: true,
    handler: publicLinkOpen,
    summary:
      'The switch of a public link, read-only and without signing in: its name, vendor, model, location, rack position and stack size, ' +
      'and its ports with names, types, speeds, states, descriptions, PoE, VLANs (number, name, colour) and far ends by name. ' +
      'Never notes, addresses, serial numbers, users or tokens. At most 60 requests a minute per client address ' +
      '(an IPv6 client per /64), found or not: 429 with Retry-After. Records lastAccessAt (to the minute). ' +
      '404 for a token that opens nothing (revoked, or never made).',
    doc: { response: publicSwitchSchema() },
  },
];

/** How often lastAccessAt is written at most: each write empties the read cache of the signed-in users. */
const ACCESS_RECORD_MS = 60 * 1000;

function switchPublicLinkCreate(ctx: Ctx): Reply {
  const db = ctx.app.db;
  const sw = pathRow(ctx, 'switch', getSwitch);
  const { id, token } = makePublicLink(db, actorOf(ctx), sw, ctx.user!.id);
  const path = `/p/${token}`;
  const origin = requestOrigin(ctx.app.config, ctx.req);
  const link = publicLinkToApi(getPublicLink(db, id)!);
  return created(`/api/public-links/${id}`, { ...link, url: origin ? `${origin}${path}` : path }, { 'Cache-Control': 'no-store' });
}

function switchPublicLinksList(ctx: Ctx): Reply {
  const sw = pathRow(ctx, 'switch', getSwitch);
  const { limit, offset } = pageParams(ctx);
  const { rows, total } = listPublicLinks(ctx.app.db, sw.id, limit, offset);
  return pageAnswer(rows.map(publicLinkToApi), total, { limit, offset });
}

function publicLinkGet(ctx: Ctx): Reply {
  return { body: publicLinkToApi(pathRow(ctx, 'public link', getPublicLink)) };
}

function publicLinkRevoke(ctx: Ctx): Reply {
  const link = pathRow(ctx, 'public link', getPublicLink);
  revokePublicLink(ctx.app.db, actorOf(ctx), link.id);
  return { status: 204 };
}

function publicLinkOpen(ctx: Ctx): Reply {
  const { app } = ctx;
  app.publicLinks.take(clientAddress(app.config, ctx.req));
  const token = ctx.params.token;
  const link = PUBLIC_TOKEN_SHAPE.test(token) ? publicLinkByTokenHash(app.db, publicTokenHash(token)) : undefined;
  const sw = link && publicSwitch(app.db, link.switch_id);
  if (!link || !sw) throw new HttpError(404, 'not_found', 'This link opens nothing: it was revoked, or never made.');
  const now = Date.now();
  // Bookkeeping only: a full disk or a read-only file must not keep anybody from reading the page.
  writeUnlessStorageFails(app.db, () =>
    touchPublicLink(app.db, link.id, new Date(now).toISOString(), new Date(now - ACCESS_RECORD_MS).toISOString()),
  );
  const body = {
    switch: {
      name: sw.name,
      vendor: sw.vendor,
      model: sw.model,
      location: sw.location,
      rackPosition: sw.rack_position,
      stackSize: sw.stack_size,
    },
    ports: publicPorts(app.db, sw.id).map(publicPort),
  };
  return { body, headers: { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' } };
}

/** A port as a public link shows it: no MAC address, no address links, no notes. */
function publicPort(row: PublicPortRow) {
  const farEnd = row.far_switch
    ? { switch: row.far_switch, device: null, port: row.far_port }
    : row.connected_device || row.connected_port
      ? { switch: null, device: row.connected_device, port: row.connected_port }
      : null;
  return {
    name: row.name,
    unit: row.unit,
    type: row.type,
    speed: row.speed,
    enabled: row.enabled === 1,
    linkStatus: row.link_status,
    mode: row.mode,
    description: row.description,
    poe: row.poe === null ? null : JSON.parse(row.poe),
    untaggedVlan: row.untagged === null ? null : JSON.parse(row.untagged),
    taggedVlans: JSON.parse(row.tagged),
    farEnd,
  };
}

function publicLinkSchema(withUrl: boolean): JsonSchema {
  const nullableText = { type: ['string', 'null'] };
  return {
    type: 'object',
    required: ['id', 'switchId', 'createdAt', 'createdBy', 'createdByUsername', 'lastAccessAt', ...(withUrl ? ['url'] : [])],
    properties: {
      id: { type: 'string', format: 'uuid' },
      switchId: { type: 'string', format: 'uuid' },
      createdAt: { type: 'string', format: 'date-time' },
      createdBy: { type: ['string', 'null'], format: 'uuid', description: 'The user who made it; null for a link migrated from 0.20.x.' },
      createdByUsername: nullableText,
      lastAccessAt: { type: ['string', 'null'], format: 'date-time', description: 'When the link was last opened (to the minute).' },
      ...(withUrl ? { url: { type: 'string', description: 'The public page, /p/<token>: the token is shown this once.' } } : {}),
    },
  };
}

function publicSwitchSchema(): JsonSchema {
  const text = { type: ['string', 'null'] };
  const vlan = partOf(VLAN, ['vid', 'name', 'color']);
  const port = partOf(PORT, ['name', 'unit', 'type', 'speed', 'enabled', 'linkStatus', 'mode', 'description', 'poe']);
  return {
    type: 'object',
    required: ['switch', 'ports'],
    properties: {
      switch: partOf(SWITCH, ['name', 'vendor', 'model', 'location', 'rackPosition', 'stackSize']),
      ports: {
        type: 'array',
        items: {
          ...port,
          required: [...(port.required as string[]), 'untaggedVlan', 'taggedVlans', 'farEnd'],
          properties: {
            ...(port.properties as Record<string, JsonSchema>),
            untaggedVlan: { oneOf: [vlan, { type: 'null' }] },
            taggedVlans: { type: 'array', items: vlan },
            farEnd: {
              description: 'The linked port of another switch (switch and port by name), or the device and port written on the port.',
              oneOf: [
                { type: 'object', required: ['switch', 'device', 'port'], properties: { switch: text, device: text, port: text } },
                { type: 'null' },
              ],
            },
          },
        },
      },
    },
  };
}

/** The schema of some fields of a resource, as its answers hold them: the public page shows a part of each record. */
function partOf(resource: Resource, names: string[]): JsonSchema {
  const whole = resourceSchema(resource);
  const properties = whole.properties as Record<string, JsonSchema>;
  return { type: 'object', required: names, properties: Object.fromEntries(names.map((name) => [name, properties[name]])) };
}
