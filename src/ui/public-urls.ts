// The URLs of public links made in this tab, by switch: the service answers a link's URL once, so the print view
// can draw its QR code only while the page that made it is still open. Kept in memory only, never stored.
const MADE = new Map<string, { linkId: string; url: string }>();

/** Remembers the URL of public link `linkId` just made for `switchId`. */
export function rememberPublicUrl(switchId: string, linkId: string, url: string): void {
  MADE.set(switchId, { linkId, url });
}

/** Forgets the URL of a revoked link. */
export function forgetPublicUrl(linkId: string): void {
  for (const [switchId, made] of MADE) if (made.linkId === linkId) MADE.delete(switchId);
}

/** The URL of the newest public link made for `switchId` in this tab, if any. */
export const recentPublicUrl = (switchId: string): string | undefined => MADE.get(switchId)?.url;
