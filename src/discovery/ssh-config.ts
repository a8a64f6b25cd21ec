// Fetching a switch's running configuration over SSH with ssh2 (issue 38): the commands of its dialect
// (switch-config/fetch-commands.ts) in an interactive shell or on an exec channel, every wait bounded: the handshake
// and authentication (readyTimeout), each answer, and the whole fetch (deadlineMs), and the text bounded in size.
// A failure is a DeviceError whose message names no credential. Bundled apart (dist/ssh.js, scripts/build.ts) and
// loaded by the first fetch: ssh2 is not loaded at every start.
//
// The switch's host key is not checked against a known one (not kept yet): the fetch trusts the network path as an
// SNMP read does.
import { StringDecoder } from 'node:string_decoder';
import { Client, type ClientChannel, type ConnectConfig } from 'ssh2';
import { answerOf, endsWithPrompt, FETCH_PLANS, plainText, promptAtEnd } from '../switch-config/fetch-commands.ts';
import type { RunningConfigDialect } from '../switch-config/read-running.ts';
import { DeviceError } from './observed.ts';

/** A user's SSH credentials: a password, a private key (OpenSSH or PEM, with its passphrase), or both. */
export interface SshCredentials {
  username: string;
  password?: string;
  privateKey?: string;
  passphrase?: string;
}

export interface FetchLimits {
  /** The whole fetch, connection to last byte. */
  deadlineMs: number;
  /** The most text a switch may print. */
  maxBytes: number;
}

/** How long a prompt must stand with nothing after it before it is taken as the shell's prompt (a banner may end like one). */
const PROMPT_SETTLE_MS = 150;

/** The running configuration of the switch at `target`, as its show command prints it (line ends \n). */
export function fetchRunningConfig(
  target: { host: string; port: number },
  credentials: SshCredentials,
  dialect: RunningConfigDialect,
  limits: FetchLimits,
): Promise<string> {
  const plan = FETCH_PLANS[dialect];
  const client = new Client();
  return new Promise<string>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | undefined, text?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      client.end();
      client.destroy();
      if (error) reject(error);
      else resolve(text!);
    };
    const deadline = setTimeout(
      () => finish(new DeviceError('timeout', `The switch did not give its configuration within ${limits.deadlineMs} ms.`)),
      limits.deadlineMs,
    );
    client.on('error', (error: Error & { level?: string; code?: string }) => finish(sshFailure(error, limits.deadlineMs)));
    client.on('close', () => finish(new DeviceError('error', 'The switch closed the connection before the configuration was complete.')));
    client.on('keyboard-interactive', (_name, _instructions, _lang, prompts, answer) => {
      answer(prompts.map(() => credentials.password ?? ''));
    });
    client.on('ready', () => {
      const run = plan.mode === 'exec' ? viaExec(client, plan.show, limits) : viaShell(client, plan.setup, plan.show, limits);
      run.then(
        (text) => finish(undefined, text),
        (error: Error) => finish(error),
      );
    });
    client.connect(connectConfig(target, credentials, limits));
  });
}

function connectConfig(target: { host: string; port: number }, credentials: SshCredentials, limits: FetchLimits): ConnectConfig {
  return {
    host: target.host,
    port: target.port,
    username: credentials.username,
    ...(credentials.password !== undefined && { password: credentials.password }),
    ...(credentials.privateKey !== undefined && { privateKey: credentials.privateKey }),
    ...(credentials.passphrase !== undefined && { passphrase: credentials.passphrase }),
    tryKeyboard: credentials.password !== undefined,
    readyTimeout: limits.deadlineMs,
    keepaliveInterval: 0,
  };
}

/** What ssh2's error says, in words for people; never its text (it may quote what was sent). */
function sshFailure(error: Error & { level?: string; code?: string }, deadlineMs: number): DeviceError {
  if (error instanceof DeviceError) return error;
  if (error.level === 'client-authentication') return new DeviceError('error', 'The switch refused the user name and password or key.');
  if (error.level === 'client-timeout') return new DeviceError('timeout', `The SSH handshake did not complete within ${deadlineMs} ms.`);
  if (error.code === 'ECONNREFUSED') return new DeviceError('error', 'The switch refused the connection (no SSH server on that port).');
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return new DeviceError('error', 'The switch closed the connection.');
  if (error.code === 'EHOSTUNREACH' || error.code === 'ENETUNREACH') return new DeviceError('error', 'The switch cannot be reached.');
  if (error.level === 'handshake' || error.level === 'protocol')
    return new DeviceError('error', 'The SSH handshake with the switch failed.');
  if (/private key|passphrase|parse/i.test(error.message))
    return new DeviceError('error', 'The private key cannot be read (or its passphrase is wrong).');
  return new DeviceError('error', 'The SSH session with the switch failed.');
}

/** Runs `command` on an exec channel and answers what it printed; a command that exits other than with 0 fails. */
function viaExec(client: Client, command: string, limits: FetchLimits): Promise<string> {
  return new Promise((resolve, reject) => {
    client.exec(command, (error, channel) => {
      if (error) return reject(new DeviceError('error', 'The switch did not open a channel for the command.'));
      const printed = collect(channel, limits, reject);
      let exitCode: number | undefined;
      channel.on('exit', (code: number | null) => {
        exitCode = code ?? -1;
      });
      channel.on('close', () => {
        if (exitCode === undefined)
          reject(new DeviceError('error', 'The switch closed the connection before the configuration was complete.'));
        else if (exitCode !== 0)
          reject(new DeviceError('error', `The switch did not take the command "${command}" (exit status ${exitCode}).`));
        else resolve(refusedOrText(printed.text(), command));
      });
    });
  });
}

/** Opens a shell, waits for the prompt, sends each setup command and then the show command; answers the show command's answer. */
function viaShell(client: Client, setup: string[], show: string, limits: FetchLimits): Promise<string> {
  return new Promise((resolve, reject) => {
    client.shell({ term: 'vt100', cols: 511, rows: 0 }, (error, channel) => {
      if (error) return reject(new DeviceError('error', 'The switch did not open a shell.'));
      const printed = collect(channel, limits, reject);
      const commands = [...setup, show];
      let prompt: string | undefined;
      let settle: NodeJS.Timeout | undefined;
      const send = () => {
        printed.clear();
        channel.write(`${commands[0]}\n`);
      };
      printed.onData(() => {
        if (prompt === undefined) {
          clearTimeout(settle);
          const found = promptAtEnd(printed.tail());
          if (found === undefined) return;
          settle = setTimeout(() => {
            prompt = found;
            send();
          }, PROMPT_SETTLE_MS);
          return;
        }
        if (!endsWithPrompt(printed.tail(), prompt)) return;
        const command = commands.shift()!;
        if (commands.length > 0) return send();
        // The session ends with the connection (an SSH disconnect): no `exit` that could race it.
        try {
          resolve(refusedOrText(answerOf(printed.text(), prompt), command));
        } catch (refused) {
          reject(refused as Error);
        }
      });
      channel.on('close', () => clearTimeout(settle));
    });
  });
}

/** What a switch answers to a command it does not know (IOS, NX-OS, EOS, Aruba CX: `% Invalid input`; Junos: `error: …`). */
const COMMAND_REFUSED = /^\s*(% ?(Invalid|Incomplete|Ambiguous|Unknown|Unrecognized)|error: (syntax error|unknown command))/i;

function refusedOrText(text: string, command: string): string {
  if (COMMAND_REFUSED.test(text)) throw new DeviceError('error', `The switch did not take the command "${command}".`);
  return text;
}

/** The last characters kept for finding the prompt: more than any prompt is long. */
const TAIL_CHARS = 512;

/**
 * What a channel prints as text (UTF-8 decoded across chunks), bounded by maxBytes (past it the fetch fails), with
 * its last characters at hand for the prompt, and a listener called on each chunk.
 */
function collect(channel: ClientChannel, limits: FetchLimits, reject: (error: Error) => void) {
  const decoder = new StringDecoder('utf8');
  let parts: string[] = [];
  let tail = '';
  let total = 0;
  let listener: (() => void) | undefined;
  channel.on('data', (chunk: Buffer) => {
    total += chunk.length;
    if (total > limits.maxBytes) {
      channel.close();
      return reject(new DeviceError('error', `The switch printed more than ${limits.maxBytes} bytes.`));
    }
    const text = decoder.write(chunk);
    parts.push(text);
    tail = (tail + text).slice(-TAIL_CHARS);
    listener?.();
  });
  channel.stderr.on('data', () => {});
  return {
    text: () => plainText(parts.join('') + decoder.end()),
    tail: () => tail,
    clear: () => {
      parts = [];
      tail = '';
    },
    onData: (call: () => void) => {
      listener = call;
    },
  };
}
