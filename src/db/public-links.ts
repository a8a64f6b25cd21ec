import { createHash, randomBytes } from 'node:crypto';
import { prepare, type Db } from './open.ts';

// Public links of switches (docs/SHARING.md): only the SHA-256 of a link's token is stored, never the token. A link
// is revoked by deleting its row; it goes with its switch (ON DELETE CASCADE).

/** A token as this service makes them (43 characters of base64url) or as 0.20.x did (32 of nanoid's alphabet). */
export const PUBLIC_TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

/** Most links one switch may have: each is a way in, and a switch needs a few at most (a label, a wiki page). */
export const PUBLIC_LINKS_PER_SWITCH = 50;

/** A new link's token: 32 random bytes in base64url (43 characters). */
export function newPublicToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The SHA-256 of a link's token, hex: what is stored instead of the token. */
export function publicTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A public_links row, with the name of the user who made it (null when that user is gone, or for a migrated link). */
export interface PublicLinkRow {
  id: string;
  switch_id: string;
  created_at: string;
  last_access_at: string | null;
  created_by: string | null;
  created_by_username: string | null;
}

/** A public link as the API answers it: never its token or token hash. */
export interface PublicLink {
  id: string;
  switchId: string;
  createdAt: string;
  createdBy: string | null;
  createdByUsername: string | null;
  lastAccessAt: string | null;
}

/** What a new link stores. */
export interface NewPublicLink {
  id: string;
  switchId: string;
  tokenHash: string;
  createdAt: string;
  lastAccessAt: string | null;
  createdBy: string | null;
}

const LINK_COLUMNS = `l.id, l.switch_id, l.created_at, l.last_access_at, l.created_by,
  (SELECT u.username FROM users u WHERE u.id = l.created_by) AS created_by_username`;

/** One link by id. */
export function getPublicLink(db: Db, id: string): PublicLinkRow | undefined {
  return prepare(db, `SELECT ${LINK_COLUMNS} FROM public_links l WHERE l.id = ?`).get(id) as PublicLinkRow | undefined;
}

/** The link whose token has this hash. */
export function publicLinkByTokenHash(db: Db, tokenHash: string): PublicLinkRow | undefined {
  return prepare(db, `SELECT ${LINK_COLUMNS} FROM public_links l WHERE l.token_hash = ?`).get(tokenHash) as PublicLinkRow | undefined;
}

/** One page of the links of a switch, newest first, and how many it has. */
export function listPublicLinks(db: Db, switchId: string, limit: number, offset: number): { rows: PublicLinkRow[]; total: number } {
  const rows = prepare(
    db,
    `SELECT ${LINK_COLUMNS} FROM public_links l WHERE l.switch_id = ? ORDER BY l.created_at DESC, l.id LIMIT ? OFFSET ?`,
  ).all(switchId, limit, offset) as unknown as PublicLinkRow[];
  return { rows, total: countPublicLinks(db, switchId) };
}

/** How many links a switch has. */
export function countPublicLinks(db: Db, switchId: string): number {
  return (prepare(db, 'SELECT count(*) AS n FROM public_links WHERE switch_id = ?').get(switchId) as { n: number }).n;
}

/** Stores a link. */
export function insertPublicLink(db: Db, link: NewPublicLink): void {
  prepare(db, 'INSERT INTO public_links (id, switch_id, token_hash, created_at, last_access_at, created_by) VALUES (?, ?, ?, ?, ?, ?)').run(
    link.id,
    link.switchId,
    link.tokenHash,
    link.createdAt,
    link.lastAccessAt,
    link.createdBy,
  );
}

/** Revokes a link: its row is gone, so its token opens nothing from now on. */
export function deletePublicLink(db: Db, id: string): void {
  prepare(db, 'DELETE FROM public_links WHERE id = ?').run(id);
}

/** Records an access at `now`, unless one was recorded after `since` already (one write a minute at most). */
export function touchPublicLink(db: Db, id: string, now: string, since: string): void {
  prepare(db, 'UPDATE public_links SET last_access_at = ? WHERE id = ? AND (last_access_at IS NULL OR last_access_at < ?)').run(
    now,
    id,
    since,
  );
}

/** A link as the API answers it. */
export function publicLinkToApi(row: PublicLinkRow): PublicLink {
  return {
    id: row.id,
    switchId: row.switch_id,
    createdAt: row.created_at,
    createdBy: row.created_by,
    createdByUsername: row.created_by_username,
    lastAccessAt: row.last_access_at,
  };
}

/** The switch a public link shows, with only what a public page may show. */
export interface PublicSwitchRow {
  id: string;
  name: string;
  vendor: string | null;
  model: string | null;
  location: string | null;
  rack_position: string | null;
  stack_size: number;
}

/** The fields of a switch a public link shows. */
export function publicSwitch(db: Db, switchId: string): PublicSwitchRow | undefined {
  return prepare(db, 'SELECT id, name, vendor, model, location, rack_position, stack_size FROM switches WHERE id = ?').get(switchId) as
    | PublicSwitchRow
    | undefined;
}

/** A port of a switch as a public link shows it: its VLANs (as JSON arrays of { vid, name, color }) and its far end by name. */
export interface PublicPortRow {
  name: string;
  unit: number;
  type: string;
  speed: string | null;
  enabled: number;
  link_status: string | null;
  mode: string;
  description: string | null;
  poe: string | null;
  untagged: string | null;
  tagged: string;
  far_switch: string | null;
  far_port: string | null;
  connected_device: string | null;
  connected_port: string | null;
}

/** Every port of a switch in port order, with what a public link shows of it. */
export function publicPorts(db: Db, switchId: string): PublicPortRow[] {
  return prepare(
    db,
    `SELECT p.name, p.unit, p.type, p.speed, p.enabled, p.link_status, p.mode, p.description, p.poe,
      (SELECT json_object('vid', v.vid, 'name', v.name, 'color', v.color) FROM vlans v WHERE v.id = p.untagged_vlan_id) AS untagged,
      (SELECT json_group_array(json_object('vid', vid, 'name', name, 'color', color)) FROM
        (SELECT v.vid, v.name, v.color FROM port_tagged_vlans t JOIN vlans v ON v.id = t.vlan_id WHERE t.port_id = p.id ORDER BY v.vid)) AS tagged,
      fs.name AS far_switch, fp.name AS far_port, p.connected_device, p.connected_port
    FROM ports p
    LEFT JOIN ports fp ON fp.id = p.linked_port_id
    LEFT JOIN switches fs ON fs.id = fp.switch_id
    WHERE p.switch_id = ?
    ORDER BY p.position, p.name, p.id`,
  ).all(switchId) as unknown as PublicPortRow[];
}
