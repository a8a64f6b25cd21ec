import { validationFailed, type FieldFault } from '../errors/http-error.ts';
import { queryInteger } from '../http/request.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';
import { subnetInfo } from '../lib/ip-math.ts';
import { SUBNET_INFO_SCHEMA } from './schemas/tools.ts';

/** The routes of the tools: arithmetic without data. */
export const TOOL_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/tools/subnet',
    access: 'viewer',
    handler: toolsSubnet,
    summary:
      'The subnet calculator: network, broadcast (IPv4), mask, wildcard, first and last host and counts of a CIDR (host bits are cleared), ' +
      'and with split= the prefixes of that length inside it (at most 256 listed, with the total). IPv4 and IPv6.',
    doc: {
      query: [
        { name: 'cidr', schema: { type: 'string' }, description: 'An IPv4 or IPv6 CIDR (required), like 10.0.10.0/24.' },
        {
          name: 'split',
          schema: { type: 'integer', minimum: 0, maximum: 128 },
          description: 'A prefix length from the CIDR\u2019s to 32 (IPv4) or 128 (IPv6).',
        },
      ],
      response: SUBNET_INFO_SCHEMA,
    },
  },
];

/** What the calculator says about ?cidr= (split into ?split=); 400 naming cidr or split. */
function toolsSubnet(ctx: Ctx): Reply {
  const faults: FieldFault[] = [];
  const split = queryInteger(ctx, 'split', 0, 128, faults);
  if (faults.length) throw validationFailed(faults, 'The subnet calculator needs a CIDR and, to split it, a prefix length.');
  const answer = subnetInfo((ctx.query.get('cidr') ?? '').trim(), split);
  if (!answer.ok)
    throw validationFailed(
      [{ field: answer.field, message: answer.message }],
      'The subnet calculator needs a CIDR and, to split it, a prefix length.',
    );
  return { body: answer.info };
}
