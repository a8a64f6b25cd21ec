// The forms of the messages the API words from values: a stable code for each form, beside its English text with
// {placeholders}. An answer sends the code and the values (params) with the English text, so that the UI words the
// message in its own language: src/ui/messages.ts takes these forms as its English ones, messages-de.ts words the same
// codes in German (src/ui/server-messages.test.ts ties them).
import { getOrMake } from './memo.ts';

/** The values a message is made of, by placeholder name. */
export type MessageParams = Record<string, string | number>;

/** A part of a finding's message, worded by a form of its own (a key of FINDING_FORMS, or `fault.<FIELD_FORMS code>`). */
export interface MessagePart {
  form: string;
  params: FindingParams;
}

/** A list a finding's message is made of (the VLANs only one end carries…): each part worded, then joined by `separator`. */
export interface MessageList {
  separator: string;
  parts: MessagePart[];
}

/** The values of a finding's message: a list, too, which the client words part by part and joins. */
export type FindingParams = Record<string, string | number | MessageList>;

/** The forms of a field's fault (details[].message), by code. */
export const FIELD_FORMS = {
  not_object: 'must be a JSON object',
  unknown_field: 'is not a field of {kind}',
  create_only: 'can only be given when creating',
  required: 'is required',
  not_null: 'must not be null',
  not_boolean: 'must be true or false',
  not_uuid: 'must be an id (a UUID)',
  not_id_list: 'must be a list of ids',
  not_uuid_list: 'must be a list of ids (UUIDs)',
  not_timestamp: 'must be an ISO 8601 date and time',
  not_string: 'must be a string',
  control_characters: 'must not contain control characters',
  one_of: 'must be one of {values}',
  too_short: 'must be at least {min} characters',
  too_long: 'must be at most {max} characters',
  not_integer: 'must be an integer',
  int_range: 'must be an integer from {min} to {max}',
  not_ip: 'must be an IPv4 or IPv6 address',
  not_cidr: 'is not an IPv4 or IPv6 CIDR like 10.0.10.0/24',
  prefix_out_of_range: 'has a prefix length of {prefix}, but an IPv{family} prefix runs from 0 to {max}',
  host_bits_set: 'has host bits set; the network is {network}',
  not_interface_name: 'must be a plain interface name: ASCII letters, digits, spaces and / . : - _ +',
  not_mac: 'must be a MAC address like aa:bb:cc:dd:ee:ff, AA-BB-CC-DD-EE-FF or aabb.ccdd.eeff',
  not_colour: 'must be a colour like #1f77b4',
  not_username: 'may contain only letters, digits, ".", "_" and "-"',
  not_hostname: 'must be a host name: labels of letters, digits, "-" and "_" (at most 63 each), separated by "."',
  gateway_needs_subnet: 'needs a subnet',
  outside_subnet: 'must be an address inside {subnet}',
  network_address: 'is the network address of {subnet}; the hosts run from the next address',
  subnet_router_anycast: 'is the subnet-router anycast address of {subnet}, which no host may hold',
  broadcast_address: 'is the broadcast address of {subnet}; the hosts end one address before it',
  not_usable_host: 'must be a usable host of {subnet}',
  tagged_needs_trunk_port: 'only a trunk port carries tagged VLANs; set mode to trunk',
  tagged_needs_trunk_lag: 'only a trunk LAG carries tagged VLANs; set portMode to trunk',
  unit_over_stack: "must be at most the switch's stackSize ({stackSize})",
  port_linked_to_itself: 'a port cannot be linked to itself',
  lag_paired_with_itself: 'a LAG cannot be paired with itself',
  vlan_missing: 'VLAN {id} does not exist',
  vlan_of_other_site: 'VLAN {id} belongs to another site',
  range_family: 'must be an IPv{family} address, as start is',
  range_reversed: 'must be at least start ({start})',
  no_dhcp_in_subnet: 'a /{prefix} has no addresses to lease: no dhcp range in a /31 or /32',
  port_missing: 'port {id} does not exist',
  lag_missing: 'LAG {id} does not exist',
  switch_missing: 'switch {id} does not exist',
  network_missing: 'network {id} does not exist',
  port_of_same_switch: 'must be a port of another switch',
  lag_of_same_switch: 'must be a LAG of another switch',
  port_no_link_back: 'port {id} does not link back to this port (links are symmetric)',
  lag_no_pair_back: 'LAG {id} does not pair back with this LAG (pairs are symmetric)',
  port_stray_link: 'port {id} links to this port, which does not link back',
  lag_stray_pair: 'LAG {id} pairs with this LAG, which does not pair back',
  lag_of_other_switch: "must be a LAG of the port's switch",
  site_missing: 'site {id} does not exist',
  port_of_other_site: "port {id} is on a switch of another site than the network's",
  site_name_taken: 'a site named "{name}" exists',
  vlan_name_taken: 'the site has a VLAN named "{name}"',
  vid_taken: 'the site has a VLAN {vid}',
  network_name_taken: 'the site has a network named "{name}"',
  switch_name_taken: 'the site has a switch named "{name}"',
  mac_taken: 'another switch has MAC {mac}',
  management_ip_taken: 'another switch of the site has management IP {ip}',
  username_taken: 'is taken',
  colour_of_other_vlan: 'another VLAN of the site has {color}',
  overlaps_network: 'overlaps {subnet} (network {network}, {id})',
  overlaps_range: 'overlaps {start}-{end} (range {id})',
  address_recorded: 'is recorded already (address {id})',
  in_dhcp_range: 'is in the DHCP range {start}-{end} (range {id})',
  covers_recorded_address: '{address} is recorded (address {id})',
  port_name_taken: 'switch {switch} has a port named "{name}"',
  not_bulk_field: 'is not a field of a bulk port change',
  no_ports_named: 'must name at least one port',
  not_set_in_bulk: 'cannot be set on many ports at once',
  empty_bulk_change: 'the change is empty: give set, addTaggedVlanIds or removeTaggedVlanIds',
  also_added: 'is also in addTaggedVlanIds',
  port_of_other_switch: 'port {id} is not a port of switch {switch}',
  set_by_lag: 'is set by the LAG the port is a member of',
  lag_member_fields: 'port {port} is a member of LAG {lag} (its {fields} cannot change)',
  poe_not_object: 'must be null or { type, maxWatts }',
  poe_unknown_field: 'has no field {field}: only type and maxWatts',
  poe_type: 'type must be one of {values}',
  poe_watts: 'maxWatts must be a number of watts from 0 to {max}, or null',
  poe_cell: 'must be like 802.3at/30 (standard/watts)',
  not_tag_list: 'must be a list of tags',
  not_tag: 'each tag must be 1 to {max} characters, without ";", "," or control characters',
  too_many_tags: 'must list at most {max} tags',
  not_address_list: 'must be a list of addresses',
  too_many_addresses: 'must list at most {max} addresses',
  item_not_ip: '{value} is not an IPv4 or IPv6 address',
  as_it_would_be: 'port {port} as it would be: {field} {fault}',
  far_end_as_it_would_be: 'port {port} on {switch} as it would be: {field} {fault}',
  no_link_to_match: 'the port has no link: give linkedPortId',
  vlan_missing_at_far_end: 'VLAN {vid} does not exist at the site of port {port} on {switch}: add it there, or link without matchFarEnd',
  lag_left_too_small: 'the LAG would be left with fewer than two members',
  lag_member_type: 'port "{port}" is a {type} port, which cannot be a LAG member',
  lag_name_taken: 'switch {switch} has a LAG named "{name}"',
  port_in_other_lag: 'port {port} is a member of LAG {lag}',
  leaves_no_admin: 'would leave no enabled admin',
  lag_too_few: "must name two or more ports of the LAG's switch",
  lag_too_few_of: 'must name two or more ports of switch {switch}',
  member_of_other_switch: "port {port} is not a port of the LAG's switch",
  member_not_of_switch: 'port {port} is not a port of switch {switch}',
  lag_of_same_switch_named: 'must be a LAG of another switch ({lag} is on {switch})',
  template_name_taken: 'a template named "{name}" exists',
  stack_below_ports: 'must be at least {unit}: a port is on unit {unit}; move or delete it first',
  port_count_with_template: 'must be left out with templateId: give either portCount or templateId (the template makes the ports)',
  template_missing: 'template {id} does not exist',
  not_duplicate_object: 'must be a JSON object { name, managementIp? }',
  not_duplicate_field: 'is not a field of a duplicate: only name and managementIp',
  address_chosen_by_server: 'is chosen by the server: leave it out (or record it with POST /api/networks/{id}/addresses)',
  management_address_of: 'is the management IP of switch {switch}',
  not_host_of_network: 'is the network or broadcast address of network {network} ({subnet}); pick a host address',
  switch_of_other_site: 'must be the id of a switch of site {site}',
} as const;

/** The code of a field fault's form. */
export type FieldFormCode = keyof typeof FIELD_FORMS;

/**
 * The forms of an error's own message (error.message), by the error's code; sent with params only when worded so (an
 * address_taken of a switch's management IP and an in_dhcp_range of a DHCP range over addresses are worded otherwise).
 */
export const ERROR_FORMS = {
  validation_failed: 'The request has invalid fields.',
  name_taken: 'Another record already has this {fields}.',
  conflict: 'Another record already has this {fields}.',
  color_taken: 'Another VLAN of the site has the colour {color}; choose another, or leave it out to get a free one.',
  subnet_overlaps: '{subnet} overlaps {otherSubnet} of the network {network} at the same site; two networks of a site never overlap.',
  address_taken: 'The network has the address {address} recorded already.',
  in_dhcp_range: '{address} lies in the DHCP range {start}-{end} of the network; the DHCP server leases those.',
  range_overlaps: '{start}-{end} overlaps the {kind} range {otherStart}-{otherEnd} of the network; ranges never overlap.',
  'validation_failed.bulk': 'The bulk change is invalid; no port was changed.',
  'validation_failed.bulk_rule': 'The bulk change would break a port rule; no port was changed.',
  'validation_failed.far_end_vlans': 'The far end cannot carry the same VLANs; nothing was changed.',
  'lag_member.owns':
    'Port {port} is a member of LAG {lag} on {switch}, which sets its mode and VLANs and takes no console or management port: ' +
    'change the LAG, or take the port out of it.',
  'lag_member.needs_two':
    'Port {port} is a member of LAG {lag} on {switch}, which needs two or more members: delete the LAG first, or add a member to it.',
  'lag_member.in_other_lag': 'A port is in one LAG at most: {ports} is a member of another LAG already; take it out of it first.',
  'lag_member.in_other_lags': 'A port is in one LAG at most: {ports} are members of another LAG already; take them out of it first.',
  'lag_member.member_type': 'A LAG takes no console or management port.',
  last_admin: 'This is the last enabled admin; make another admin first.',
  'managed_by_switch.delete':
    "{address} is the management IP of switch {switch}, kept in step with it; clear or change the switch's managementIp instead.",
  'managed_by_switch.change':
    "{address} is the management IP of switch {switch}, kept in step with it; change the switch's managementIp instead.",
  'validation_failed.not_host': '{address} is not a host address of network {network} ({subnet}).',
  'validation_failed.layout_other_site': 'The layout names switches that are not of this site.',
  'lag_member.bulk': 'The change would set the mode or VLANs of LAG members ({members}), which their LAG sets; no port was changed.',
  // Polling and discovery (issue 37).
  'in_use.switches': 'The credential set {set} is used by the polling of these switches: {switches}.',
  'in_use.sites': 'The credential set {set} is used by the polling of these sites: {sites}.',
  'in_use.both': 'The credential set {set} is used by the polling of these switches: {switches}; and of these sites: {sites}.',
  not_polled: "No polling schedule covers switch {switch}: set its own or its site's first.",
  credentials_unreadable: 'The credential set {set} does not open: APP_JWT_SECRET is not the one it was kept with; give its secrets again.',
  'discovery_stale.documented_since':
    'The documentation changed since this discovery for {differences} chosen differences; discover the switch again. Nothing was changed.',
  'discovery_stale.documented_since_one':
    'The documentation changed since this discovery for one chosen difference; discover the switch again. Nothing was changed.',
  'discovery_stale.rediscovered': 'The switch has been discovered again since; adopt the differences of its latest discovery.',
  'discovery_stale.no_difference': 'Some chosen differences are no differences now; nothing was changed.',
  'discovery_stale.switch_gone': 'The switch of this discovery has been deleted since; nothing was changed.',
  'discovery_stale.port_gone': 'Port {port} is gone; nothing was changed.',
  'discovery_stale.lag_gone': 'LAG {lag} is gone; nothing was changed.',
} as const;

/**
 * The forms of the findings of GET /api/checks that their kind and params word: by kind, and a kind's other forms by
 * `<kind>.<variant>` (a finding names such a form in `form`).
 */
export const FINDING_FORMS = {
  duplicate_management_ip: 'Management IP {ip} is used by {switchCount} switches: {switches}.',
  duplicate_mac: 'MAC address {mac} is used by {switchCount} switches: {switches}.',
  address_in_dhcp_range: 'Address {address} of network {network} ({subnet}, {site}) is inside its DHCP range {start}-{end}.',
  link_mode_mismatch: 'The link between {portA} ({modeA}) and {portB} ({modeB}) has different modes at its ends.',
  management_ip_outside_subnets: 'Management IP {ip} of switch {switch} is in none of the IPv{family} subnets of site {site}.',
  overlapping_subnets: 'Networks {networkA} ({subnetA}) and {networkB} ({subnetB}) of site {site} overlap.',
  network_nearly_full:
    'Network {network} ({subnet}, {site}) is {percent} % used: ' +
    '{used} recorded, {dhcp} in DHCP ranges and {reserved} reserved of {usable} usable addresses.',
  unused_vlan: 'VLAN {vid} ({vlan}) of site {site} is carried by no port.',
  link_native_vlan_mismatch:
    'The link between {portA} (untagged VLAN {vidA}) and {portB} (untagged VLAN {vidB}) has different untagged VLANs at its ends.',
  'link_native_vlan_mismatch.none_at_a':
    'The link between {portA} (no untagged VLAN) and {portB} (untagged VLAN {vidB}) has different untagged VLANs at its ends.',
  'link_native_vlan_mismatch.none_at_b':
    'The link between {portA} (untagged VLAN {vidA}) and {portB} (no untagged VLAN) has different untagged VLANs at its ends.',
  gateway_is_management_ip:
    'Gateway {gateway} of network {network} ({subnet}, {site}) is also the management IP of switch {switch} ({switchSite}).',
  'gateway_is_management_ip.in_vlan':
    'Gateway {gateway} of network {network} ({subnet}, VLAN {vid}, {site}) is also the management IP of switch {switch} ({switchSite}).',
  poe_over_budget: 'PoE demand of switch {switch} is {demand} W ({ports} enabled PoE ports), over its budget of {budget} W.',
  'poe_over_budget.one_port': 'PoE demand of switch {switch} is {demand} W (1 enabled PoE port), over its budget of {budget} W.',
  management_ip_not_recorded: 'Management IP {ip} of switch {switch} lies in network {network} ({subnet}) but has no address record there.',
  'management_ip_not_recorded.without_ip':
    'Switch {switch} has no management IP, but address {address} in network {recordNetwork} ({recordSubnet}) is recorded as it.',
  'management_ip_not_recorded.differs':
    'Management IP {ip} of switch {switch} differs from its address record {address} in network {recordNetwork} ({recordSubnet}): ' +
    'it lies in network {network} ({subnet}).',
  'management_ip_not_recorded.differs_outside':
    'Management IP {ip} of switch {switch} differs from its address record {address} in network {recordNetwork} ({recordSubnet}): ' +
    'it lies in no network of site {site}.',
  link_tagged_vlan_mismatch: 'The link between {portA} and {portB} carries different tagged VLANs at its ends: {vlans}.',
  lag_member_mismatch: 'Member {port} of LAG {lag} on switch {switch} differs from its LAG: {differences}.',
  lag_pair_mismatch: 'The LAG pair between {lagA} and {lagB} differs at its ends: {differences}.',
  vlan_not_carried_by_uplink:
    'Switch {switch} uses {vlanCount} VLANs that no trunk towards its linked switches ({neighbours}) carries at both ends: {vlans}.',
  'vlan_not_carried_by_uplink.one_vlan':
    'Switch {switch} uses 1 VLAN that no trunk towards its linked switches ({neighbours}) carries at both ends: {vlans}.',
  duplicate_address: 'Address {address} is recorded in {networkCount} networks of site {site}: {records}.',
  broken_rule: '{entity} breaks a rule that changes keep: {faults}.',
  drift: 'Switch {switch} reports {field} "{observed}", documented "{documented}" (discovery of {observedAt}).',
  'drift.port':
    'Port {port} of switch {switch} has {field} "{observed}" on the switch, "{documented}" documented (discovery of {observedAt}).',
  'drift.port_enabled': 'Port {port} of switch {switch} is enabled on the switch, documented as disabled (discovery of {observedAt}).',
  'drift.port_disabled': 'Port {port} of switch {switch} is disabled on the switch, documented as enabled (discovery of {observedAt}).',
  'drift.port_added': 'Switch {switch} has port {port}, which is not documented (discovery of {observedAt}).',
  'drift.port_missing': 'Port {port} of switch {switch} is documented, but the switch does not report it (discovery of {observedAt}).',
  'drift.vlan_added': 'Switch {switch} uses VLAN {vid}, which its site does not document (discovery of {observedAt}).',
  'drift.vlan_name': 'VLAN {vid} is named "{observed}" on switch {switch}, "{documented}" documented (discovery of {observedAt}).',
  'drift.link':
    'Port {port} of switch {switch} has neighbour {observed} (LLDP/CDP), documented link {documented} (discovery of {observedAt}).',
  'drift.link_undocumented':
    'Port {port} of switch {switch} has neighbour {observed} (LLDP/CDP), but no link is documented (discovery of {observedAt}).',
  'drift.lag_members':
    'LAG {lag} of switch {switch} has members {observed} on the switch, {documented} documented (discovery of {observedAt}).',
  'drift.lag_added': 'Switch {switch} has LAG {lag} of {observed}, which is not documented (discovery of {observedAt}).',
  // The parts of the lists above (MessageList), each worded on its own.
  'part.vlan_only_on': 'VLAN {vid} only on {where}',
  'part.vlan_only_on_member': 'VLAN {vid} only on the member',
  'part.vlan_only_on_lag': 'VLAN {vid} only on the LAG',
  'part.member_type': 'port "{port}" is a {type} port, which cannot be a LAG member',
  'part.member_mode': 'mode {mode} where the LAG is {lagMode}',
  'part.member_untagged': 'untagged VLAN {vid} where the LAG has VLAN {lagVid}',
  'part.member_untagged.lag_none': 'untagged VLAN {vid} where the LAG has none',
  'part.member_untagged.member_none': 'no untagged VLAN where the LAG has VLAN {lagVid}',
  'part.pair_mode': 'mode {modeA} on {atA}, {modeB} on {atB}',
  'part.pair_untagged': 'untagged VLAN {vidA} on {atA}, VLAN {vidB} on {atB}',
  'part.pair_untagged.none_at_a': 'untagged none on {atA}, VLAN {vidB} on {atB}',
  'part.pair_untagged.none_at_b': 'untagged VLAN {vidA} on {atA}, none on {atB}',
  'part.pair_aggregation': 'aggregation {aggregationA} on {atA}, {aggregationB} on {atB}',
  'part.pair_members': '{membersA} members on {atA}, {membersB} on {atB}',
  'part.pair_members.one_at_a': '1 member on {atA}, {membersB} on {atB}',
  'part.uncarried_on_ports': 'VLAN {vid} ({vlan}, on {ports} ports)',
  'part.uncarried_on_one_port': 'VLAN {vid} ({vlan}, on 1 port)',
  'part.uncarried_configured': 'VLAN {vid} ({vlan}, configured)',
  'part.uncarried_configured_on_ports': 'VLAN {vid} ({vlan}, configured, on {ports} ports)',
  'part.uncarried_configured_on_one_port': 'VLAN {vid} ({vlan}, configured, on 1 port)',
  'part.recorded_in': '{network} ({subnet})',
  'part.recorded_in_as': '{network} ({subnet}) as {hostname}',
  'part.rule_fault': '{field}: {fault}',
  'part.vlan_of_site': '{vid} ({vlan}) of site {site}',
  'part.field_untagged_vlan': 'untagged VLAN',
  'part.field_tagged_vlans': 'tagged VLANs',
  'part.field_configured_vlans': 'configured VLANs',
  'part.field_vlan': 'VLAN',
  'part.field_link': 'link',
  'part.field_remote_lag': 'remote LAG',
  'part.field_members': 'members',
  'part.field_port': 'port',
} as const;

/** The forms of the reasons of the 0.20.x migration's fixes (a fix's reason), by code. */
export const FIX_FORMS = {
  vlan_not_at_site: "VLAN {vid} does not exist at the switch's site; dropped",
  access_no_tagged: 'an access port carries no tagged VLANs; dropped',
  mode_neither: 'is neither access nor trunk; the port is an access port',
  stale_link: 'the far port is connected to another port (a stale link); dropped',
  port_gone: 'names a port that does not exist; dropped',
  network_vlan_gone: 'names a VLAN that no longer exists; the network keeps no VLAN',
  network_vlan_elsewhere: "names a VLAN of another site than the network's; the network keeps no VLAN",
  management_ip_twice: 'is the management IP of switch {switch} of the same site too; kept in the notes',
  entry_names_gone: 'names a {kind} that no longer exists; the entry keeps the old id in its summary',
  entry_user_gone: 'names a user that no longer exists; the entry keeps no user',
  link_revoked: 'was revoked in 0.20.x, so its token stays dead; the public link is not migrated',
  host_bits_kept: 'had host bits set; the network is kept',
  gateway_from_subnet: 'taken from the address in the subnet',
  name_repeated: 'repeats a name in its scope; a number was appended',
  date_replaced: 'is not a valid date; replaced',
  role_missing: 'is missing; the user is a viewer',
  not_migrated_record: '{fault}; the record is not migrated',
  given_instead: '{fault}; {value} given',
  shortened: '{fault}; shortened, control characters spelled out',
  kept_in: '{fault}; kept in the {keeper}',
  dropped_value: '{fault}; dropped',
  replaced_kept_in: '{fault}; replaced by {value}; kept in the {keeper}',
  replaced_dropped: '{fault}; replaced by {value}; dropped',
  management_ip_recorded:
    'the management IP of switch {switch} had no allocation in network "{network}" ({subnet}); recorded as its address',
} as const;

/** The code of a fix reason's form. */
export type FixFormCode = keyof typeof FIX_FORMS;

/**
 * `target` with the code and params of its message's form, as properties that are not enumerable (as rules.ts gives a
 * fault its rule): a fault still compares and copies as { field, message }, and http/errors.ts writes them into the answer.
 */
export function withForm<T extends object, C extends string>(
  target: T,
  code: C,
  params: MessageParams,
): T & { code?: C; params?: MessageParams } {
  return Object.defineProperties(target, { code: { value: code }, params: { value: params } });
}

/**
 * The text of `form` with each {placeholder} filled from `params` (one left as it is when it has no value), a list's
 * parts each by its form.
 */
export function fillForm(form: string, params: FindingParams): string {
  const pieces = piecesOf(form);
  let text = pieces[0];
  for (let i = 1; i < pieces.length; i += 2) {
    const name = pieces[i];
    const value = params[name];
    if (!(name in params)) text += `{${name}}`;
    else text += typeof value === 'object' ? wordList(value, (part) => fillForm(partForm(part.form), part.params)) : String(value);
    text += pieces[i + 1];
  }
  return text;
}

// A form cut once at its placeholders: [text, name, text, name, …, text]. The checks of a large install fill
// ~200,000 forms a run, and a regular expression's replace per fill was a tenth of what they allocated. Forms are
// the catalogues' texts, a fixed set.
const formPieces = new Map<string, string[]>();
const piecesOf = (form: string): string[] => getOrMake(formPieces, form, () => form.split(/\{(\w+)\}/));

/** A list's parts, each worded by `word`, joined. */
export const wordList = (list: MessageList, word: (part: MessagePart) => string): string => list.parts.map(word).join(list.separator);

/** The English form of a part: a finding's form, or a field fault's (`fault.<code>`). */
function partForm(form: string): string {
  const fault = form.startsWith('fault.');
  return (fault ? (FIELD_FORMS as Record<string, string>)[form.slice(6)] : (FINDING_FORMS as Record<string, string>)[form]) ?? form;
}
