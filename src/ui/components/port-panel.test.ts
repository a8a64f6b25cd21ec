import { describe, expect, it } from 'vitest';
import type { Port } from '../api-types.ts';
import type { TemplateBlock } from '../../lib/port-layout.ts';
import { blockChunks, panelLayout, shortName } from './port-panel.ts';

/** A switch's port as the panel reads it (name, place and type; the rest does not decide where it is drawn). */
const portOf = (n: number): Port => ({ id: `port-${n}`, name: `Gi1/0/${n}`, unit: 1, position: n, type: 'rj45' }) as Port;

const RJ45_24: TemplateBlock = {
  type: 'rj45',
  count: 24,
  startIndex: 1,
  rows: 2,
  order: 'odd-even',
  namePattern: 'Gi{unit}/0/{n}',
  speed: null,
  poe: null,
};

/** A chunk's ports by row, as the panel shows them (the number after the last slash), left to right. */
const rowsOf = (chunk: ReturnType<typeof blockChunks>[number]) =>
  Array.from({ length: chunk.rows }, (_, row) =>
    chunk.cells
      .filter((c) => c.gridRow === row + 1)
      .sort((a, b) => a.gridColumn - b.gridColumn)
      .map((c) => Number(c.name.slice(c.name.lastIndexOf('/') + 1))),
  );

describe('the front panel of a template block, in groups', () => {
  it('draws 24 ports of two rows, odd ones on top, as two groups of 6 columns', () => {
    const ports = Array.from({ length: 24 }, (_, i) => portOf(i + 1));
    const [unit] = panelLayout(ports, { units: [[RJ45_24]], stackSize: 1 });
    const [block] = unit!.blocks;
    expect(block).toMatchObject({ rows: 2, columns: 12, placed: true });
    const chunks = blockChunks(block!);
    expect(chunks.map((c) => [c.columns, c.rows])).toEqual([
      [6, 2],
      [6, 2],
    ]);
    expect(chunks.map(rowsOf)).toEqual([
      [
        [1, 3, 5, 7, 9, 11],
        [2, 4, 6, 8, 10, 12],
      ],
      [
        [13, 15, 17, 19, 21, 23],
        [14, 16, 18, 20, 22, 24],
      ],
    ]);
    // Each cell is the switch's port of its name, and each grid place holds one.
    expect(chunks[1]!.cells.find((c) => c.name === 'Gi1/0/13')!.port!.id).toBe('port-13');
    for (const chunk of chunks) expect(new Set(chunk.cells.map((c) => `${c.gridRow}:${c.gridColumn}`)).size).toBe(12);
  });

  it('puts even ports on top for even-odd, and ends with a narrower group when the columns do not divide by 6', () => {
    const block = panelLayout([], { units: [[{ ...RJ45_24, count: 16, order: 'even-odd' }]], stackSize: 1 })[0]!.blocks[0]!;
    const chunks = blockChunks(block);
    expect(chunks.map((c) => c.columns)).toEqual([6, 2]);
    expect(chunks.map(rowsOf)).toEqual([
      [
        [2, 4, 6, 8, 10, 12],
        [1, 3, 5, 7, 9, 11],
      ],
      [
        [14, 16],
        [13, 15],
      ],
    ]);
  });
});

describe('the front panel of a switch without a template', () => {
  const cages = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ id: `sfp-${i}`, name: `Te1/1/${i + 1}`, unit: 1, position: i + 1, type: 'sfp+' }) as Port);
  const shape = (count: number) => panelLayout(cages(count))[0]!.blocks.map((b) => [b.rows, b.columns, b.cells.map((c) => c.row).join('')]);

  it('draws fewer than 12 cages in one row, as a switch has its uplinks', () => {
    expect(shape(4)).toEqual([[1, 4, '0000']]);
  });

  it('draws 12 cages or more in two rows, odd on top', () => {
    expect(shape(12)).toEqual([[2, 6, '010101010101']]);
  });
});

/** Port names and the text their port shows. */
const LABELS: Record<string, string> = { 'con 0': 'con 0', 'Gi1/0/12': '12', Et48: 'Et48', Ethernet48: '48', console: 'cons' };

describe('the text on a port', () => {
  it('is a short name whole, else the number it ends with: never a word cut at its start', () => {
    expect(Object.keys(LABELS).map(shortName)).toEqual(Object.values(LABELS));
  });
});
