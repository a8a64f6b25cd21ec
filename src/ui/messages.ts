// Every word the UI shows, in one English catalogue keyed by where it is used, and t() to look one up.
// Messages hold {placeholders}; a message with plural forms picks one by {count} under the language's plural
// rules. Text that comes from the API is worded again where the UI knows its form: error messages, their faults and
// findings by their code and params (server-messages.ts: a second language words the server's forms,
// lib/message-forms.ts, under serverFault, serverError and serverFinding; English shows the server's own text, so the
// English catalogue and the first load carry none of them), an activity entry's summary from its parts (entry-summary.ts).
// A second language is a second catalogue of the same keys (typed by Catalogue) and a choice of MESSAGES.
import type { ERROR_FORMS, FIELD_FORMS, FINDING_FORMS, FIX_FORMS } from '../lib/message-forms.ts';
import type { later } from './messages-later.ts';

/** A message: text with {placeholders}, or its plural forms (Intl plural categories) chosen by {count}. */
export type Message = string | ({ other: string } & Partial<Record<Intl.LDMLPluralRule, string>>);

/** The languages of the UI. */
export type Language = 'en' | 'de';

/** The locale of the active language, for numbers, dates and plural rules ('en' or 'de-DE'). */
export let LOCALE = 'en';

/**
 * The messages of one part of the UI under its prefix: group('common', { save: 'Save' }) is { 'common.save': 'Save' }
 * (each prefix written once keeps the bundle small).
 */
export function group<G extends string, T extends Record<string, Message>>(
  prefix: G,
  messages: T,
): { [K in keyof T & string as `${G}.${K}`]: T[K] } {
  const out: Record<string, Message> = {};
  for (const key in messages) out[`${prefix}.${key}`] = messages[key]!;
  return out as never;
}

/** The English messages. */
export const en = {
  // Shared words of buttons and values.
  ...group('common', {
    cancel: 'Cancel',
    save: 'Save',
    saving: 'Saving…',
    delete: 'Delete',
    edit: 'Edit',
    reload: 'Reload',
    tryAgain: 'Try again',
    copy: 'Copy',
    download: 'Download',
    close: 'Close',
    loading: 'Loading…',
    creating: 'Creating…',
    yes: 'yes',
    no: 'no',
    none: 'none',
    noChange: 'no change',
    allSites: 'All sites',
    loadingSites: 'Loading sites…',
    couldNotDelete: 'Could not delete: {message}',
    copyRefused: 'The browser did not allow copying. Select the text and copy it instead.',
    changedMeanwhile: 'It was changed by someone else in the meantime. Reload and try again.',
    passwordHint: 'At least {min} characters.',
    passwordTooShort: 'must be at least {min} characters',
    filterPlaceholder: 'Filter…',
    actions: 'Actions',
  }),
  ...group('form', {
    addAnother: 'Add another',
  }),

  // Labels of the API's fields, in forms, tables and filters alike.
  ...group('field', {
    name: 'Name',
    description: 'Description',
    site: 'Site',
    status: 'Status',
    ports: 'Ports',
    username: 'Username',
    password: 'Password',
    notes: 'Notes',
    model: 'Model',
    subnet: 'Subnet',
    gateway: 'Gateway',
    managementIp: 'Management IP',
    location: 'Location',
    address: 'Address',
    role: 'Role',
    kind: 'Kind',
  }),

  // Counts in sentences.
  ...group('count', {
    ports: { one: '{count} port', other: '{count} ports' },
    switches: { one: '{count} switch', other: '{count} switches' },
    networks: { one: '{count} network', other: '{count} networks' },
    vlans: { one: '{count} VLAN', other: '{count} VLANs' },
    sites: { one: '{count} site', other: '{count} sites' },
    addresses: { one: '{count} address', other: '{count} addresses' },
    ranges: { one: '{count} range', other: '{count} ranges' },
    lags: { one: '{count} LAG', other: '{count} LAGs' },
    templates: { one: '{count} template', other: '{count} templates' },
    users: { one: '{count} user', other: '{count} users' },
    activity: { one: '{count} activity entry', other: '{count} activity entries' },
    interfaces: { one: '{count} interface', other: '{count} interfaces' },
    differences: { one: '{count} difference', other: '{count} differences' },
    publicLinks: { one: '{count} public link', other: '{count} public links' },
    topologyPositions: { one: '{count} topology position', other: '{count} topology positions' },
  }),

  // API values shown as words.
  ...group('kind', {
    site: 'site',
    switch: 'switch',
    vlan: 'VLAN',
    network: 'network',
    port: 'port',
    address: 'address',
    range: 'range',
    user: 'user',
  }),
  ...group('status', {
    active: 'active',
    planned: 'planned',
    offline: 'offline',
    retired: 'retired',
  }),
  ...group('vlanStatus', {
    active: 'active',
    inactive: 'inactive',
  }),
  ...group('switchRole', {
    core: 'core',
    distribution: 'distribution',
    access: 'access',
    management: 'management',
  }),

  // Placeholders: examples, never values, so each says "e.g." (and the style mutes them).
  ...group('placeholder', {
    subnet: 'e.g. 10.0.10.0/24',
    gateway: 'e.g. 10.0.10.1',
    dns: 'e.g. 10.0.0.53, 10.0.0.54',
    ip: 'e.g. 10.0.0.2',
    mac: 'e.g. aa:bb:cc:dd:ee:ff',
    location: 'e.g. Floor 2 closet',
    rack: 'e.g. Rack A2, U14',
    speed: 'e.g. 1G',
    vlanList: 'e.g. 10,20-22',
  }),
  ...group('severity', {
    error: 'error',
    warning: 'warning',
    info: 'info',
  }),

  // Requests (api.ts), forms (use-form.ts), undo (undo.ts), list pages, days, names and VLAN lists.
  ...group('api', {
    unreachable: 'The server could not be reached. Check the connection and try again.',
    uploadUnreachable: 'The upload failed: the server could not be reached.',
    httpStatus: 'The server answered {status}.',
  }),
  ...group('form', {
    conflict: 'Someone else changed this after you opened it, so your change was not saved.',
  }),
  ...group('undo', {
    conflict:
      'Cannot undo: the object was changed again after this entry, or a record it refers to is gone now. ({message}) Reload to see the current state.',
    alreadyUndone: 'This change has already been undone. Reload to see the current state.',
    notUndoable: 'Imports, restores and migrations cannot be undone.',
    forbidden: 'You are not allowed to undo changes.',
    failed: 'Undo failed: {message}',
    done: 'Undone.',
    button: 'Undo',
  }),
  ...group('pager', {
    none: '0 of {total}',
    range: '{from}–{to} of {total}',
    moreThan: 'more than {total}',
    previous: 'Previous',
    next: 'Next',
  }),
  ...group('day', {
    today: 'Today',
    yesterday: 'Yesterday',
    other: '{weekday}, {date}',
  }),
  ...group('names', {
    network: '{subnet} {name}',
  }),
  ...group('vlans', {
    notOfSite: 'VLAN {vlan} is not a VLAN of this site',
  }),
  ...group('vlanPicker', {
    choose: 'Choose {field}',
  }),

  // The activity log (activity-page.ts, activity-feed.ts, activity-list.ts, changes-list.ts).
  ...group('activity', {
    title: 'Activity',
    noMatch: 'No activity matches.',
    loadOlder: 'Load older entries',
    undoTitle: 'Undo this change?',
    undoQuestion: 'Undo “{summary}”? This writes a new activity entry.',
    undoQuestionBy: 'Undo “{summary}” by {user}? This writes a new activity entry.',
    undoConfirm: 'Undo change',
    undoLabel: 'Undo: {summary}',
    system: 'system',
    undone: 'undone',
    'signIn.oidc': 'OpenID Connect',
    'signIn.ldap': 'LDAP',
    signInTitle: 'How {user} signs in',
    gone: 'deleted',
    goneHistory: 'History of {name} (deleted)',
    undoLost: 'Cannot be undone: {reason}',
    'line.create': '{user} created {kind} {entity}',
    'line.update': '{user} changed {kind} {entity}',
    'line.delete': '{user} deleted {kind} {entity}',
    'line.bulk_update': '{user} changed ports of {kind} {entity}',
    'line.import': '{user} imported {kind} {entity}',
    'line.restore': '{user} restored {kind} {entity}',
    'line.migrate': '{user} migrated {kind} {entity}',
    'line.undo': '{user} undid a change of {kind} {entity}',
    'line.discovery': '{user} applied a discovery to {kind} {entity}',
    'line.redo': '{user} redid a change of {kind} {entity}',
    'action.create': 'create',
    'action.update': 'update',
    'action.delete': 'delete',
    'action.bulk_update': 'bulk update',
    'action.import': 'import',
    'action.restore': 'restore',
    'action.migrate': 'migrate',
    'action.undo': 'undo',
    'action.discovery': 'discovery',
    allKinds: 'All kinds',
    userFilter: 'User',
    allUsers: 'All users',
    actionFilter: 'Action',
    allActions: 'All actions',
    clearFilters: 'Clear filters',
    oneObject: 'Showing the entries of one object.',
    noFilterMatch: 'No activity matches these filters.',
    none: 'No changes yet. Every change to sites, switches, networks and ports will show here.',
  }),
  // An activity entry in words (entry-summary.ts). The English messages are the server's own summaries, read back
  // to find their parts ({what}{tail} of a create, update or delete; counts as the count.* messages say them).
  // Why a migrated 0.20.x entry cannot be undone (undo-lost.ts; the server's forms, src/legacy/history*.ts).
  ...group('undoLost', {
    changedSince:
      'the {kind} holds other values now than this entry left ({fields}): changed by a later change the 0.20.x log does not hold, ' +
      'or fixed by the migration',
    vlanGone: 'its {legacyField} {value} names a VLAN that was not migrated',
    vlanElsewhere: 'its {legacyField} {value} names a VLAN that is not at the site',
    gone: 'the {kind} is gone',
  }),
  ...group('says', {
    create: 'Created {what}{tail}',
    update: 'Updated {what}{tail}',
    delete: 'Deleted {what}{tail}',
    undid: 'Undid: {summary}',
    redid: 'Redid: {summary}',
    'what.site': 'site {name}',
    'what.switch': 'switch {name}',
    'what.template': 'template {name}',
    'what.vlan': 'vlan {name} (VLAN {vid})',
    'what.network': 'network {name} ({subnet})',
    'what.address': 'address {name} in {network}',
    'what.addressHost': 'address {name} ({hostname}) in {network}',
    'what.range': 'range {name} ({rangeKind}) in {network}',
    'what.port': 'port {name} on {switch}',
    'what.lag': 'LAG {name} on {switch}',
    'tail.copy': ' as a copy of {original}',
    'tail.withPorts': ' with {ports}',
    'tail.fromTemplate': ' from template {template}',
    'tail.netbox': ' from a NetBox device type',
    'tail.skipped': ' ({interfaces} skipped)',
    'tail.andLags': ' and {lags}',
    'tail.ownPorts': ' and its {ports}',
    'tail.siteAll': ' with {switches}, {ports}, {vlans} and {networks}',
    'tail.held': ' with {addresses} and {ranges}',
    'tail.vlanUsers': ' and took it off {ports}, {networks} and {switches} (configured)',
    'tail.vlanUsersLags': ' and took it off {ports}, {lags}, {networks} and {switches} (configured)',
    'tail.nextFree': ', the next free one',
    // Migrated 0.20.x entries (src/legacy/ezswm.ts activityEntry) and the migration's own entry.
    'legacyWhat.site': 'site {name}',
    'legacyWhat.vlan': 'vlan {name}',
    'legacyWhat.network': 'network {name}',
    'legacyWhat.switch': 'switch {name}',
    'legacyWhat.template': 'template {name}',
    'legacyWhat.lag': 'lag {name}',
    'legacyWhat.range': 'range {name}',
    'legacyWhat.address': 'address {name}',
    'legacyWhat.port': 'port {name} on {switch}',
    'tail.legacyAction': ' (0.20.x: {original})',
    'tail.legacyGone': ' (legacy {legacyType} id {legacyId}, no longer exists)',
    migrated: 'Migrated the 0.20.x data: {counts}',
    // What the migration fixed of one record (src/legacy/fix-entries.ts).
    fixed: 'Migration fixed {what}: {details}',
    fixWhat: '{kind} {name}',
    fixWhatOf: '{kind} {name} of {parentKind} {parent}',
    fixMore: '{count} more',
    bulk: 'Updated {ports} on {name}',
    linkMade: 'Made a public link to switch {name}',
    linkRevoked: 'Revoked a public link to switch {name}',
    configUploaded: 'Stored running configuration {number} of switch {name} (uploaded)',
    configFetched: 'Stored running configuration {number} of switch {name} (fetched over SSH)',
    discovery: 'Applied {differences} found by discovering {host} to {name}',
    import: 'Imported {rows}: {created} created, {updated} updated, {unchanged} unchanged',
    merge: 'Imported {source}: created {created}; merged {merged}',
    'source.legacy': 'a 0.20.x bundle',
    'source.db-v1': 'a backup',
    'source.netbox': 'a NetBox bundle',
    restore: 'Restored the backup{of}{converted}: {counts}',
    restoreOf: ' of {at}',
    converted:
      ' (a 0.26.0 backup, converted: {vlans} networks became VLANs, {networks} subnets became networks, {lost} entries can no longer be undone)',
  }),
  ...group('changes', {
    changedTo: 'changed to',
    more: '{count} more',
    // An entry about several entities, one by one (an applied discovery): "Created VLAN 20 (Voice)", "Port 7".
    entity: '{kind} {name}',
    created: 'Created {entity}',
    deleted: 'Deleted {entity}',
    vlanName: '{vlan} ({name})',
    showMore: 'Show {count} more',
  }),

  // T4: redo, a port's history and changes in words (undo.ts, activity-list.ts, changes-list.ts, name-book.ts).
  ...group('redo', {
    button: 'Redo',
    done: 'Redone.',
    label: 'Redo: {summary}',
    title: 'Redo this change?',
    question: 'Redo the change that “{summary}” reversed? This writes a new activity entry.',
    confirm: 'Redo change',
  }),
  ...group('words', {
    vlan: '{vlan} {name}',
    port: '{switch} / {port}',
    deleted: 'deleted',
    publicLink: 'a public link',
    configVersion: 'a running configuration',
    block: '{count} × {type}',
    unit: 'unit {unit}: {blocks}',
  }),
  ...group('changeField', {
    changedLines: 'Changed lines',
    configVersion: 'Running configuration',
    name: 'Name',
    description: 'Description',
    siteId: 'Site',
    switchId: 'Switch',
    vlanId: 'VLAN',
    networkId: 'Network',
    portId: 'Port',
    templateId: 'Template',
    address: 'Address',
    notes: 'Notes',
    vendor: 'Vendor',
    model: 'Model',
    serialNumber: 'Serial number',
    portCount: 'Number of ports',
    firmwareVersion: 'Firmware',
    macAddress: 'MAC address',
    managementIp: 'Management IP',
    location: 'Location',
    rackPosition: 'Rack position',
    role: 'Role',
    tags: 'Tags',
    status: 'Status',
    stackSize: 'Stack size',
    poeBudgetWatts: 'PoE budget (watts)',
    configuredVlanIds: 'Configured VLANs',
    favorite: 'Favourite',
    position: 'Position',
    unit: 'Stack member',
    type: 'Type',
    enabled: 'Enabled',
    linkStatus: 'Link status',
    mode: 'Mode',
    untaggedVlanId: 'Untagged VLAN',
    taggedVlanIds: 'Tagged VLANs',
    speed: 'Speed',
    poe: 'PoE',
    linkedPortId: 'Link',
    connectedDevice: 'Connected device',
    connectedPort: 'Connected port',
    lagId: 'LAG',
    portMode: 'Port mode',
    memberPortIds: 'Members',
    remoteLagId: 'Far-end LAG',
    vid: 'VLAN ID',
    color: 'Colour',
    subnet: 'Subnet',
    gateway: 'Gateway',
    dnsServers: 'DNS servers',
    hostname: 'Host name',
    deviceType: 'Device type',
    start: 'Start',
    end: 'End',
    kind: 'Kind',
    units: 'Layout',
    username: 'Username',
    displayName: 'Display name',
    language: 'Language',
    disabled: 'Disabled',
    port: 'Ports',
    lag: 'LAGs',
    other: 'Other',
  }),

  // The app's frame (app.ts, shell.ts, top-bar.ts, side-nav.ts, theme-switch.ts, toasts.ts, health-banner.ts).
  ...group('app', {
    name: 'Switchyard',
    documentTitle: '{title} · Switchyard',
    unreachable: 'Switchyard could not reach its server: {message}',
  }),
  ...group('shell', {
    skip: 'Skip to content',
  }),
  ...group('topBar', {
    menu: 'Menu',
    account: 'Your account',
    signedInAs: 'Signed in as ',
    signOut: 'Sign out',
  }),
  ...group('nav', {
    label: 'Main',
    migration: 'Migration fixes',
  }),
  ...group('theme', {
    label: 'Colour theme',
    system: 'Auto',
    light: 'Light',
    dark: 'Dark',
  }),
  ...group('toasts', {
    dismiss: 'Dismiss',
  }),
  ...group('health', {
    problems: { one: 'The server reports a problem:', other: 'The server reports {count} problems:' },
    hide: 'Hide',
  }),

  // First-run setup and sign-in (auth-page.ts).
  ...group('auth', {
    checkPassword: 'Check the password.',
    noMatch: 'does not match the password',
    tooMany: 'Too many failed attempts. Wait a few minutes, then try again.',
    setupTitle: 'Create the first administrator',
    signIn: 'Sign in',
    setupIntro: 'This server has no users yet. The account you create here can manage everything, including other users.',
    expired: 'Your session has ended. Sign in again to continue where you were.',
    repeat: 'Repeat password',
    createAdmin: 'Create administrator',
    signingIn: 'Signing in…',
    oidcButton: 'Sign in with single sign-on',
    or: 'or with a password',
    localSignInOff: 'Sign-in with a password is for administrators only. Use single sign-on.',
    directoryDown: 'The directory cannot be reached, so directory accounts cannot sign in now. Local accounts still can.',
    'signInError.state':
      'The sign-in could not be finished: it was started in another browser or tab, took too long, or was used already. Try again.',
    'signInError.no_group':
      'Your account is in none of the groups that grant a role in Switchyard. Ask an administrator to add you to one.',
    'signInError.user_disabled': 'Your account is disabled in Switchyard. Ask an administrator.',
    'signInError.provider_error': 'The identity provider did not sign you in.',
    'signInError.token':
      "The identity provider's answer could not be verified, so you were not signed in. Try again, or ask an administrator to read the server log.",
    'signInError.unreachable': 'The identity provider cannot be reached. Try again later, or sign in with a password.',
    'signInError.last_admin':
      'Your groups no longer make you an administrator, but you are the last one. Another administrator must be made first.',
    'signInError.other': 'The sign-in failed. Try again.',
  }),

  ...group('vlans', {
    option: '{vlan} {name}',
  }),

  // The dashboard (dashboard-page.ts) and findings (findings-list.ts).
  ...group('dashboard', {
    title: 'Dashboard',
    counts: 'Counts',
    empty: 'Nothing is documented yet. Start by adding a site, or restore a backup under Settings › Data.',
    importData: 'Import data',
    recent: 'Recent activity',
    favorites: 'Your favourite switches',
    noChanges: 'No changes yet.',
    allActivity: 'All activity',
  }),
  ...group('findings', {
    title: 'Findings',
    none: 'No inconsistencies found.',
  }),

  // Failed loads and saves (error-state.ts, form-notice.ts).
  ...group('errorState', {
    'notFound.page': 'This page does not exist, or it was deleted.',
    'notFound.site': 'This site does not exist, or it was deleted.',
    'notFound.switch': 'This switch does not exist, or it was deleted.',
    'notFound.vlan': 'This VLAN does not exist, or it was deleted.',
    'notFound.network': 'This network does not exist, or it was deleted.',
    bringBack: 'Deleted objects can be brought back from the {activityLog}.',
    activityLog: 'activity log',
  }),
  ...group('form', {
    conflictHelp: 'What you typed is still here. Reload to see the current version, then make your change again.',
  }),

  // The summary of the 0.20.x migration (migration-page.ts) and the dashboard's notice of it (migration-notice.ts).
  ...group('migration', {
    title: 'Migration from 0.20.x',
    intro:
      'On {at} your 0.20.x data was brought across. A value that broke a rule of this release was fixed on the way; ' +
      'each fix is in its record’s history too.',
    count: { one: '1 value was fixed.', other: '{count} values were fixed.' },
    none: 'No 0.20.x data was migrated here.',
    noFixes: 'No value needed fixing.',
    heading: '{kind} ({count})',
    caption: 'Fixes: {kind}',
    notMigrated: 'Not migrated, from {file}',
    'kind.site': 'Sites',
    'kind.vlan': 'VLANs',
    'kind.network': 'Networks',
    'kind.switch': 'Switches',
    'kind.port': 'Ports',
    'kind.lag': 'LAGs',
    'kind.address': 'IP addresses',
    'kind.range': 'Address ranges',
    'kind.template': 'Templates',
    'kind.user': 'Users',
    notice: {
      one: 'Your 0.20.x data was migrated on {at}. 1 value was fixed on the way.',
      other: 'Your 0.20.x data was migrated on {at}. {count} values were fixed on the way.',
    },
    review: 'Review the fixes',
    dismiss: 'Dismiss',
  }),

  // Small pieces: loading states, dialogs, page heads, the unknown page, a port's history.
  ...group('loading', {
    label: 'Loading',
  }),
  ...group('pageHeader', {
    breadcrumb: 'Breadcrumb',
  }),
  ...group('notFound', {
    title: 'Page not found',
    text: 'There is no page at this address. Go to the {dashboard}.',
    dashboard: 'dashboard',
  }),

  // A network (network-page.ts, network-form.ts).
  ...group('network', {
    title: 'Network',
    vlan: 'VLAN',
    dnsServers: 'DNS servers',
    dnsHint: 'Separated by commas or spaces, in order.',
    saved: 'Network {name} saved.',
    deleteTitle: 'Delete network?',
    deleteQuestion: 'Delete network {name} ({subnet})?',
    deleteConfirm: 'Delete network',
    inUseTitle: 'Network in use',
    inUseQuestion: '{message} Delete network {name} anyway, with its addresses?',
    inUseConfirm: 'Delete with addresses',
    deleted: 'Network {name} deleted.',
    details: 'Details',
    history: 'History',
    noChanges: 'No changes recorded.',
  }),

  // The networks list (networks-page.ts).
  ...group('networks', {
    title: 'Networks',
    created: 'Network {name} ({subnet}) created.',
    add: 'Add network',
    filter: 'Filter networks (name, subnet or an address in it)',
    noMatch: 'No network matches these filters.',
    none: 'No networks yet. Add the subnets of a site, or import a CSV under Settings › Data.',
    needSite: 'Networks belong to a site. {addSite} first.',
    noVlan: 'no VLAN',
    withoutVlan: 'Without a VLAN',
    gatewayShort: 'gateway {gateway}',
    nearlyFull: 'nearly full: {percent} %',
  }),

  ...group('addresses', {
    title: 'IP addresses',
    add: 'Add address',
    next: 'Next free',
    filter: 'Filter addresses (address, host name or MAC)',
    caption: 'IP addresses of {network}',
    none: 'No addresses.',
  }),
  ...group('ipam', {
    added: '{name} added.',
    saved: '{name} saved.',
    deleteQuestion: 'Delete {name}?',
    deleted: '{name} deleted.',
  }),
  ...group('addresses', {
    ofSwitch: "A switch's management IP: change it on the switch.",
  }),
  ...group('field', {
    hostname: 'Host name',
    mac: 'MAC address',
    deviceType: 'Device type',
    port: 'Switch port',
    start: 'Start',
    end: 'End',
  }),
  ...group('placeholder', {}),
  ...group('deviceType', {
    server: 'server',
    switch: 'switch',
    router: 'router',
    firewall: 'firewall',
    printer: 'printer',
    phone: 'phone',
    ap: 'access point',
    camera: 'camera',
    other: 'other',
  }),
  ...group('addressStatus', {
    active: 'active',
    reserved: 'reserved',
    inactive: 'inactive',
  }),
  ...group('rangeKind', {
    dhcp: 'DHCP',
    static: 'static',
    reserved: 'reserved',
  }),

  // The subnet calculator (subnet-page.ts).
  ...group('nav', {
    tools: 'Tools',
  }),

  // The VLANs list (vlans-page.ts) and one VLAN (vlan-page.ts, vlan-form.ts).
  ...group('vlans', {
    title: 'VLANs',
    add: 'Add VLAN',
    created: 'VLAN {vlan} {name} created.',
    filter: 'Filter VLANs',
    noMatch: 'No VLAN matches these filters.',
    none: 'No VLANs yet. Add the VLANs of a site so that ports can use them, or import a CSV under Settings › Data.',
    needSite: 'VLANs belong to a site. {addSite} first.',
    'col.vid': 'VLAN',
    'col.networks': 'Networks',
    'col.switches': 'Switches',
  }),
  ...group('vlan', {
    title: 'VLAN',
    heading: 'VLAN {vlan} {name}',
    vid: 'VLAN number',
    color: 'Colour',
    colorAuto: 'chosen when saved',
    colorReset: 'Let the server choose',
    colorHint:
      'Ports on this VLAN are drawn in this colour; each VLAN of a site has its own. Left alone, the first free colour of the palette is used.',
    saved: 'VLAN {name} saved.',
    deleteTitle: 'Delete VLAN?',
    deleteQuestion: 'Delete VLAN {vlan} {name}?',
    deleteQuestionUsed: 'Delete VLAN {vlan} {name}? {ports} lose it and {networks} lose their VLAN.',
    deleteConfirm: 'Delete VLAN',
    deleted: 'VLAN {name} deleted.',
    ports: 'Ports carrying this VLAN',
    portsLabel: 'Ports carrying this VLAN, by switch',
    noPorts: 'No port carries this VLAN yet.',
    'col.switch': 'Switch',
    'col.untagged': 'Untagged',
    networks: 'Networks (subnets)',
    noNetworks: 'No subnet in this VLAN: a pure layer-2 segment.',
  }),

  // Ports: the table (port-table.ts), its inline edit (port-edit-row.ts) and the front panel (port-panel.ts).
  ...group('ports', {
    label: 'Ports',
    caption: 'Ports of {switch}',
    selectAll: 'Select all ports',
    select: 'Select port {port}',
    historyTitle: 'History of this port',
    historySuffix: ' history',
    linked: 'linked',
    poeWatts: '{type} {watts} W',
    edit: 'Edit port {port}',
    'col.port': 'Port',
    'col.mode': 'Mode',
    'col.untagged': 'Untagged VLAN',
    'col.tagged': 'Tagged',
    'col.link': 'Link',
    'col.device': 'Device',
    'col.poe': 'PoE',
    'col.speed': 'Speed',
    'col.enabled': 'Enabled',
  }),
  ...group('panel', {
    port: 'Port {port} ({type})',
    portDisabled: 'Port {port} ({type}, disabled)',
    access: 'access, VLAN {vlan} {name}',
    trunk: 'trunk, native {vlan} {name}',
    accessNoVlan: 'access, no VLAN',
    trunkNoVlan: 'trunk, no VLAN',
    tagged: 'tagged {vlans}',
    linkedTo: 'linked to {switch} port {port}',
    linkedElsewhere: 'linked to another switch',
    device: 'device: {device}',
    noPorts: 'This switch has no ports.',
    'group.sfp': 'SFP / SFP+',
    'group.qsfp': 'QSFP',
    'group.mgmt': 'Console and management',
    unit: 'Unit {unit}',
    'link.up': 'link up',
    'link.down': 'link down',
    anotherSwitch: 'another switch',
  }),

  // The global search (search-box.ts).
  ...group('search', {
    label: 'Search sites, switches, networks and ports',
    placeholder: 'Search  ( / )',
    results: 'Search results',
    nothing: 'Nothing matches “{q}”.',
    matched: '{label}: {value}',
    seenOn: 'seen on {name}, {age}',
  }),

  // Settings (settings-page.ts).
  ...group('settings', {
    title: 'Settings',
    'title.data': 'Data',
    'title.users': 'Users and roles',
    'title.tokens': 'API tokens',
    'title.account': 'Account',
    'tab.data': 'Data',
    'tab.users': 'Users',
    'tab.tokens': 'API tokens',
    'tab.account': 'Account',
    sections: 'Settings sections',
    'adminOnly.data': 'Only administrators can manage data.',
    'adminOnly.users': 'Only administrators can manage users.',
    'adminOnly.section': 'Only administrators can see this section.',
  }),

  ...group('sites', {
    title: 'Sites',
    created: 'Site {name} created.',
    'col.switches': 'Switches',
    'col.vlans': 'VLANs',
    'col.networks': 'Networks',
    add: 'Add site',
    addLink: 'Add a site',
    filter: 'Filter sites',
    noMatch: 'No site matches “{q}”.',
    none: 'No sites yet. Add one, or import a CSV under Settings › Data.',
  }),

  // A switch (switch-page.ts, switch-form.ts) and the switches list (switches-page.ts).
  ...group('switch', {
    title: 'Switch',
    vendor: 'Vendor',
    serialNumber: 'Serial number',
    firmwareVersion: 'Firmware version',
    rackPosition: 'Rack position',
    stackSize: 'Stack members',
    stackSizeHint: 'The front panel draws one row per member.',
    poeBudget: 'PoE budget (watts)',
    poeBudgetHint: 'Empty: not known.',
    tags: 'Tags',
    tagsHint: 'Separated by commas.',
    noRole: 'no role',
    configuredVlans: 'Configured VLANs',
    configuredHint: 'VLANs the switch defines even where no port carries them.',
    checkVlans: 'Check the configured VLANs.',
    favorite: 'Add to your favourites',
    unfavorite: 'Remove from your favourites',
    favoriteLabel: 'Favourite',
    addPort: 'Add port',
    portCreated: 'Port {port} created.',
    portRenamed: 'Port {from} renamed to {to}.',
    portDeleteTitle: 'Delete port?',
    portDeleteQuestion: 'Delete port {port} of {switch}? Its link and VLANs go with it.',
    portDeleted: 'Port {port} deleted.',
    portCount: 'Number of ports',
    portCountHint: 'Creates ports named 1 to N.',
    portSaved: 'Port {port} saved.',
    portsChanged: { one: '{count} port changed.', other: '{count} ports changed.' },
    saved: 'Switch {name} saved.',
    deleteTitle: 'Delete switch?',
    deleteQuestion: 'Delete switch {name} with {ports}?',
    deleteConfirm: 'Delete switch',
    deleted: 'Switch {name} deleted.',
    'tab.ports': 'Ports',
    'tab.config': 'Config',
    editDetails: 'Edit details',
    sections: 'Switch sections',
    frontPanel: 'Front panel',
    'legend.trunk': 'trunk',
    'legend.tagged': 'tagged VLANs',
    'legend.disabled': 'disabled',
    panelLabel: 'Ports of {name}',
    vlanColours: 'VLAN colours',
    portTable: 'Port table',
    selected: { one: '{count} port selected.', other: '{count} ports selected.' },
    noChanges: 'No changes recorded for this switch.',
  }),
  ...group('switches', {
    title: 'Switches',
    created: 'Switch {name} created.',
    add: 'Add switch',
    filter: 'Filter switches',
    anyStatus: 'Any status',
    favorites: 'Favourites',
    allSwitches: 'All switches',
    onlyFavorites: 'Only my favourites',
    noMatch: 'No switch matches these filters.',
    none: 'No switches yet. Add one, or import a CSV under Settings › Data.',
    needSite: 'Switches belong to a site. {addSite} first.',
  }),

  // Roles, as the top bar and the account show them.
  ...group('role', {
    viewer: 'viewer',
    editor: 'editor',
    admin: 'admin',
  }),

  // LAGs (lag-panel.ts, the LAGs section of switch-page.ts, the LAG member in port-editor.ts and bulk-bar.ts)
  // and switch duplicates (switch-duplicate.ts).
  ...group('kind', {
    lag: 'LAG',
    template: 'template',
  }),

  // Layout templates (templates-page.ts, template-page.ts, template-preview.ts, the switch form's template) and
  // the front panel drawn from one (port-panel.ts).
  ...group('template', {
    listTitle: 'Templates',
    title: 'Template',
    new: 'New template',
    newTitle: 'New template',
    filter: 'Filter templates',
    none: "No layout templates yet. Make one, or import a NetBox device type or a template's JSON.",
    noMatch: 'No template matches.',
    importNetbox: 'Import NetBox device type',
    importJson: 'Import JSON',
    netboxFile: 'NetBox device type file (YAML)',
    jsonFile: 'Template file (JSON)',
    importing: 'Importing…',
    imported: { one: 'Template {name} made with 1 port.', other: 'Template {name} made with {count} ports.' },
    skippedHead: { one: 'One interface of the file made no port:', other: '{count} interfaces of the file made no port:' },
    noneSkipped: 'Every interface of the file made a port.',
    skippedCaption: 'Interfaces that made no port',
    'col.interface': 'Interface',
    'col.type': 'Type',
    'col.reason': 'Why',
    open: 'Open {name}',
    importFailed: 'The file made no template: {message}',
    notJson: 'The file is not JSON: {message}',
    details: 'Details',
    units: 'Units',
    unitsHelp:
      'A template of one unit is repeated for every member of a stack; ' +
      'its blocks whose name pattern has no {unit} or {unit0} (console, management) are made on member 1 only. ' +
      'Add units only to describe a stack whose members differ.',
    unitsProblems: 'Problems of the units',
    unit: 'Unit {unit}',
    block: 'Block {block}',
    addBlock: 'Add block',
    removeBlock: 'Remove block {block}',
    addUnit: 'Add unit',
    removeUnit: 'Remove unit {unit}',
    'block.type': 'Port type',
    'block.count': 'Ports',
    'block.startIndex': 'First number',
    'block.rows': 'Rows',
    'block.order': 'Order',
    'block.namePattern': 'Name pattern',
    'block.speed': 'Speed',
    'block.poe': 'PoE',
    'block.poeWatts': 'PoE maximum (watts)',
    patternHint: '{n} counts from the first number, {n0} is n − 1, {unit} is the stack member from 1, {unit0} from 0.',
    'order.sequential': 'row after row',
    'order.odd-even': 'odd on top',
    'order.even-odd': 'even on top',
    noPoe: 'no PoE',
    speedPlaceholder: 'e.g. 1G',
    preview: 'Preview',
    previewStack: 'Stack members shown',
    previewStackFixed: 'The template describes each of its {count} members.',
    previewLabel: 'Front panel of {name}',
    previewCount: { one: '1 port', other: '{count} ports' },
    previewStale: 'The preview shows the last layout without faults: correct the fields marked below.',
    inUse: {
      one: 'Used by 1 switch: its units cannot change, since that switch’s front panel is drawn from them. Duplicate the template to change a copy.',
      other:
        'Used by {count} switches: its units cannot change, since their front panels are drawn from them. Duplicate the template to change a copy.',
    },
    create: 'Create template',
    created: 'Template {name} created.',
    saved: 'Template {name} saved.',
    duplicate: 'Duplicate',
    copyName: '{name} (copy)',
    duplicated: 'Template {name} made.',
    exportJson: 'Export JSON',
    deleteTitle: 'Delete template?',
    deleteQuestion: 'Delete template {name}?',
    deleteConfirm: 'Delete template',
    deleted: 'Template {name} deleted.',
    deleteRefused: 'Not deleted. {message}',
    field: 'Template',
    noTemplate: 'none: number the ports',
    fieldHint: 'The ports and the front panel come from the template.',
    switchPreview: 'Front panel of the new switch',
    drawnFrom: 'The front panel is drawn from the template {template}.',
  }),
  ...group('panel', {
    lagMember: 'member of LAG {lag}',
    'group.console': 'Console',
    'group.management': 'Management',
    missing: '{port}: made by the template, missing on this switch',
  }),
  // The topology of a site (topology-page.ts; T1).
  ...group('topology', {
    title: 'Topology',
    titleOf: 'Topology of {site}',
    pickSite: 'Choose a site',
    noSites: 'No sites yet. Add a site and its switches to see their topology.',
    noSwitches: 'No switches at this site yet.',
    drawing: 'Drawing',
    drawingOf: 'Switches and links of {site}',
    hintEdit: 'Drag a switch to move it, or focus it and use the arrow keys (Shift: larger steps). Click or Enter opens it.',
    hintView: 'Click a switch, or focus it and press Enter, to open it.',
    noRole: 'no role',
    links: { one: '{count} link', other: '{count} links' },
    edgeTitle: '{a} – {b}: {links}, {kind}',
    'kind.lag': 'LAG pair',
    'kind.trunk': 'trunk',
    'kind.access': 'access',
    legend: 'Legend',
    'legend.lag': 'LAG pair',
    'legend.trunk': 'Trunk link',
    'legend.access': 'Access link',
    saved: 'Position of {name} saved.',
    saveFailed: 'Position not saved: {message}',
    exportSvg: 'Export SVG',
    exportPng: 'Export PNG',
    pngFailed: 'The PNG could not be drawn.',
  }),
  // T5 forms, keys, CSV: CSV export links (csv-link.ts, list pages, the switch page, Data management) and the
  // CSV import's "Only check" (csv-import.ts).
  ...group('csvExport', {
    download: 'Download CSV',
    ports: 'Ports as CSV',
    lags: 'LAGs as CSV',
    addresses: 'Addresses as CSV',
    ranges: 'Ranges as CSV',
    title: 'Export CSV',
    text:
      'Every record of one kind, in the layout the CSV import below takes: edit the file in a spreadsheet and import it back; ' +
      'rows that keep their id update their record.',
    kind: 'CSV of {kind}',
  }),
  ...group('age', {
    justNow: 'just now',
  }),
  ...group('polling', {
    title: 'Polling',
    switchIntro: 'Read over SNMP on a schedule, as a discovery; nothing documented changes.',
    siteIntro: 'For the switches without a schedule of their own.',
    on: 'On',
    off: 'Off',
    interval: 'Every (minutes)',
    host: 'Host',
    hostPlaceholder: 'management IP',
    credentialSet: 'Credential set',
    every: 'every {count} min',
    saved: 'Schedule saved.',
    lastPolled: 'Last polled',
    never: 'Not polled yet',
    failures: 'Failed {count}× in a row',
    pollNow: 'Poll now',
    'status.ok': 'OK',
    'status.failing': 'Failing',
    'status.paused': 'Paused',
    'status.pending': 'Pending',
    allStatuses: 'All',
    status: 'Status',
    error: 'Last error',
    source: 'Schedule',
  }),
  ...group('credentials', {
    title: 'Credential sets',
    intro: 'Kept sealed; never shown again, logged or exported.',
    community: 'Community',
    authProtocol: 'Auth protocol',
    authKey: 'Auth key',
    privProtocol: 'Privacy protocol',
    privKey: 'Privacy key',
    context: 'Context',
    keepHint: 'Empty: keep the secrets.',
    add: 'Add',
    saved: 'Saved {name}.',
    deleted: 'Deleted {name}.',
    deleteQuestion: 'Delete the credential set {name}?',
    version: 'SNMP version',
    user: 'User',
    allowedHosts: 'Allowed hosts',
    allowedHostsHint:
      'One per line: addresses, networks (10.20.0.0/16) or names (*.example.net). Editors and every scheduled poll send the set nowhere else.',
  }),
  ...group('drift', {
    adopt: 'Adopt',
    adoptHelp: 'Write what the switch reported into the documentation (one undoable change).',
    adopted: 'Adopted into the documentation of {switch}.',
    acknowledge: 'Acknowledge',
    note: 'Note',
    notePlaceholder: 'Why this difference is fine',
    until: 'Until (optional)',
    untilHelp: 'Without a date, the finding stays hidden until the difference changes.',
    save: 'Acknowledge finding',
    cancel: 'Cancel',
    acknowledged: 'Finding acknowledged.',
    count: { one: '{count} drift finding', other: '{count} drift findings' },
    none: 'No drift',
    switchTitle: 'Drift from the latest discovery',
  }),
  ...group('history', {
    observedTitle: 'Seen on the switch',
    observedNone: 'No link or admin state changes observed yet: they are recorded from the second discovery of the switch on.',
    link_up: 'Link came up',
    link_down: 'Link went down',
    admin_up: 'Enabled on the switch',
    admin_down: 'Disabled on the switch',
    macsTitle: 'Devices seen on this port',
    macsCaption: 'MAC addresses discoveries saw on port {port}',
    macsNone: 'No MAC address seen on this port.',
    'col.mac': 'MAC address',
    'col.vlan': 'VLAN',
    'col.ip': 'IP address',
    'col.from': 'First seen',
    'col.to': 'Last seen',
    seenBefore: 'seen on {name} from {from} to {to}',
    freeTab: 'Free ports',
    freeTitle: 'Free ports',
    freeIntro:
      'Ports that discoveries saw without link for the days given, or never saw up, with when each was last up and last used ' +
      '(traffic seen). Ports of switches never discovered are not listed.',
    unusedDays: 'Unused for at least (days)',
    freeCaption: 'Free ports of {name}',
    freeNone: 'No port without link for {count} days. Discover the switches (or schedule polling) to see which ports are free.',
    freeCount: { one: '{count} free port', other: '{count} free ports' },
    'col.switch': 'Switch',
    'col.port': 'Port',
    'col.description': 'Description',
    'col.lastUp': 'Last up',
    'col.lastUsed': 'Last used',
    'col.admin': 'Enabled',
    never: 'never seen up',
    notSeen: 'not seen',
    yes: 'yes',
    no: 'no',
  }),
} satisfies Record<string, Message>;

/** The key of a message: of the first load's catalogue, or of the pages loaded when first shown (messages-later.ts). */
export type MessageKey = keyof typeof en | keyof typeof later;

/** The English message of `key`, if the catalogue has it (the server's summaries are read back against these). */
export const englishMessage = (key: string): Message | undefined => (en as Record<string, Message>)[key];

/** Adds the messages of pages loaded when first shown (messages-later.ts) to the English catalogue. */
export function addEnglish(messages: Record<string, Message>): void {
  Object.assign(en, messages);
}

/** The key of a form of the server's messages (lib/message-forms.ts), which a second language words by its code. */
export type ServerFormKey =
  | `serverFault.${keyof typeof FIELD_FORMS & string}`
  | `serverError.${keyof typeof ERROR_FORMS & string}`
  | `serverFinding.${keyof typeof FINDING_FORMS & string}`
  | `serverFix.${keyof typeof FIX_FORMS & string}`;

/** What a catalogue of another language must provide: a message for every key, and a form for every server code. */
export type Catalogue = Record<MessageKey, Message> & Record<ServerFormKey, string>;

/** The active language's catalogue: English (which has no server forms), or a Catalogue. */
type Messages = Record<MessageKey, Message> & Partial<Record<ServerFormKey, string>>;

let MESSAGES: Messages = en as Messages;
let LANGUAGE: Language = 'en';
let PLURALS = new Intl.PluralRules(LOCALE);
let NUMBERS = new Intl.NumberFormat(LOCALE);

/** The active language. */
export const language = (): Language => LANGUAGE;

/** The browser's language as one of the UI's: German for any de-…, else English. */
export const browserLanguage = (): Language => (typeof navigator !== 'undefined' && /^de\b/i.test(navigator.language ?? '') ? 'de' : 'en');

/**
 * Makes `lang` the active language: its catalogue (German loads on first use, a chunk of its own) and its locale
 * for numbers, dates and plural forms. Callers re-render after it resolves.
 */
export async function setLanguage(lang: Language): Promise<void> {
  const catalogue: Messages = lang === 'de' ? (await import('./messages-de.ts')).de : (en as Messages);
  MESSAGES = catalogue;
  LANGUAGE = lang;
  LOCALE = lang === 'de' ? 'de-DE' : 'en';
  PLURALS = new Intl.PluralRules(LOCALE);
  NUMBERS = new Intl.NumberFormat(LOCALE);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** 2000 → "2,000" (a BigInt too: the counts of IPv6 subnets). */
export const formatNumber = (n: number | bigint): string => NUMBERS.format(n);

/** Values of a message's placeholders; `count` also picks the plural form and is written as a number ("2,000"). */
type MessageParams = { count?: number } & Record<string, string | number | undefined>;

/** Whether the active language words the server's message of `key` (English shows the server's own text). */
export const hasServerForm = (key: string): key is ServerFormKey => key in MESSAGES && /^server(Fault|Error|Finding|Fix)\./.test(key);

/** The active language's form of the server's message `key`, when it words it. */
export const serverForm = (key: string): string | undefined => (hasServerForm(key) ? MESSAGES[key] : undefined);

/** The message `key` with its placeholders filled: t('bulk.selected', { count: 3 }) → "3 ports selected". */
export function t(key: MessageKey | ServerFormKey, params: MessageParams = {}): string {
  const message = MESSAGES[key] ?? englishMessage(key);
  if (message === undefined) return key;
  const text = typeof message === 'string' ? message : (message[PLURALS.select(params.count ?? 0)] ?? message.other);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return name === 'count' && typeof value === 'number' ? formatNumber(value) : String(value);
  });
}

/**
 * A message whose placeholders are elements (a link, a <strong>), as the text around them and the elements in
 * order, for a template: tParts('notFound.text', { dashboard: html`<a href="/">…</a>` }).
 */
export function tParts<T>(key: MessageKey, parts: Record<string, T>, params: MessageParams = {}): (string | T)[] {
  return t(key, params)
    .split(/\{(\w+)\}/)
    .map((piece, i) => (i % 2 === 0 ? piece : piece in parts ? parts[piece]! : `{${piece}}`))
    .filter((piece) => piece !== '');
}
