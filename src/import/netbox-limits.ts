// Apart from the reader (netbox-devicetype.ts) so that the route's body limit and documentation do not load it:
// the reader, with the `yaml` package, is a bundle of its own that the server loads on the first import.

/**
 * What a device-type file may hold at most, so that reading one keeps the event loop well under 100 ms (a real
 * switch's file is 3-7 kB of at most ~2,500 tokens, without aliases or tags).
 */
export const NETBOX_FILE_LIMITS = {
  /** The body limit of POST /api/templates/import. */
  bytes: 64 * 1024,
  /** Lexemes of the text (names, values, indicators, indentation, line ends): the parser's time grows with them. */
  tokens: 16_000,
  /** Lists and mappings within each other, as the text's indentation, block indicators and brackets tell it. */
  depth: 32,
  /** Aliases (`*name`): each names a node of the file once more. */
  aliases: 100,
  /** Tags (`!name`): each one the core schema does not know costs the parser a warning. */
  tags: 100,
  /** Lists, mappings and values of the document, each alias counted as the nodes it names. */
  nodes: 32_000,
} as const;
