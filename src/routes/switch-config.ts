import { loadConfigModel } from '../db/switch-config.ts';
import { HttpError, validationFailed } from '../errors/http-error.ts';
import { pathRow } from '../http/request.ts';
import type { Ctx, Route } from '../http/route.ts';
import { CONFIG_DIALECTS, isConfigDialect, renderConfig } from '../switch-config/render.ts';
import { UnsafeConfigValueError } from '../switch-config/text.ts';

/** The route of a switch's configuration text. */
export const SWITCH_CONFIG_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/switches/:id/config',
    access: 'viewer',
    handler: switchConfigGet,
    summary:
      "The switch's configuration as text (text/plain), the same for the same data: a header with the switch, its site and the newest " +
      'updatedAt of what is rendered; the hostname (the switch name folded to letters, digits and -); definitions, by number and name ' +
      '(made acceptable to the platform), of the VLANs it defines: its configuredVlanIds and the VLANs its ports carry; per port the ' +
      'description, mode, access VLAN, native VLAN, allowed VLANs as compact ranges (native included) and shutdown/disable, one block ' +
      'per port (no interface range); console and management ports are left out. A port named by a plain number N on stack member U is ' +
      'written as GigabitEthernetU/0/N, EthernetN (EthernetU/N past member 1) or ge-(U-1)/0/(N-1). When the management IP lies in a ' +
      'network of a VLAN of the site (the most specific one), that VLAN is defined too and gets the management interface (interface ' +
      'VlanV with the address, Junos irb.V) and the network gateway the default gateway. Unknown or missing dialect: 400. A stored ' +
      'value that could add a command of its own (a port name that is not a plain interface name, from data written before names were ' +
      'checked): 409 unsafe_config_value naming the port in details, and no text.',
    doc: {
      produces: ['text/plain'],
      query: [
        {
          name: 'dialect',
          schema: { type: 'string', enum: [...CONFIG_DIALECTS] },
          description: 'cisco-ios, arista-eos or junos.',
          required: true,
        },
      ],
    },
  },
];

function switchConfigGet(ctx: Ctx) {
  const model = pathRow(ctx, 'switch', loadConfigModel);
  const dialect = ctx.query.get('dialect');
  if (!isConfigDialect(dialect)) {
    throw validationFailed(
      [{ field: 'dialect', message: `must be one of ${CONFIG_DIALECTS.join(', ')}` }],
      `Name a configuration dialect: ${CONFIG_DIALECTS.join(', ')}.`,
    );
  }
  try {
    return { text: renderConfig(model, dialect) };
  } catch (error) {
    if (!(error instanceof UnsafeConfigValueError)) throw error;
    throw new HttpError(409, 'unsafe_config_value', error.message, [{ field: error.subject, message: error.problem }]);
  }
}
