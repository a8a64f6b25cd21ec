// A switch replayed over SSH for the tests of configuration fetches (issue 38): an ssh2 Server on 127.0.0.1 that
// answers as a recorded device session of ../shared/fixtures/configs/oxidized does (`<model>#<device>#simulation.yaml`:
// `init_prompt`, printed when a shell opens, and `commands`, each command with its exact answer, echo and prompt
// included; a map, or a list of one-entry maps). A command it has no recording of is answered as IOS refuses one.
// Escapes in the recordings (`\r`, `\x20`, `\"`, `\e`) are the bytes they stand for. It can also refuse the
// password, hang after the prompt, or close the connection halfway through an answer.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import ssh2 from 'ssh2';
import { parse } from 'yaml';

export interface Recording {
  initPrompt: string;
  /** Each command (with its \n) and its answer. */
  commands: Map<string, string>;
}

/** What the replayed switch does: answer as recorded, hang after its prompt, or close halfway through the configuration. */
export type Behaviour = 'replay' | 'hang' | 'close';

export interface ReplayServer {
  port: number;
  /** The commands it was sent, in order, shell and exec alike. */
  received: string[];
  /** How many sessions authenticated. */
  sessions: number;
  close(): Promise<void>;
}

/** The escapes of a recording turned into the bytes they stand for. */
export function unescapeRecording(text: string): string {
  return text.replace(/\\(x[0-9a-fA-F]{2}|[rne"\\])/g, (_, sequence: string) => {
    if (sequence[0] === 'x') return String.fromCharCode(Number.parseInt(sequence.slice(1), 16));
    return { r: '\r', n: '\n', e: '\u001b', '"': '"', '\\': '\\' }[sequence]!;
  });
}

/** A simulation file read. */
export function readRecording(file: string): Recording {
  const data = parse(readFileSync(file, 'utf8')) as { init_prompt?: string; commands: Record<string, string> | Record<string, string>[] };
  const entries = Array.isArray(data.commands) ? data.commands.flatMap((entry) => Object.entries(entry)) : Object.entries(data.commands);
  return {
    initPrompt: unescapeRecording(data.init_prompt ?? ''),
    commands: new Map(entries.map(([command, answer]) => [command, unescapeRecording(answer ?? '')])),
  };
}

const HOST_KEY = ssh2.utils.generateKeyPairSync('ed25519').private;

/** Starts a replayed switch that lets in `username` with `password`, or with the private key of `publicKey` (OpenSSH). */
export async function startReplayServer(
  recording: Recording,
  login: { username: string; password?: string; publicKey?: string },
  behaviour: Behaviour = 'replay',
): Promise<ReplayServer> {
  const allowedKey = login.publicKey === undefined ? undefined : (ssh2.utils.parseKey(login.publicKey) as ssh2.ParsedKey);
  const received: string[] = [];
  const state = { sessions: 0 };
  const prompt = recording.initPrompt.split('\n').at(-1) ?? '#';
  const server = new ssh2.Server({ hostKeys: [HOST_KEY] }, (client) => {
    client.on('error', () => {});
    client.on('authentication', (context) => {
      if (context.username !== login.username) return context.reject();
      if (context.method === 'password' && login.password !== undefined && context.password === login.password) return context.accept();
      if (
        context.method === 'publickey' &&
        allowedKey &&
        context.key.algo === allowedKey.type &&
        context.key.data.equals(allowedKey.getPublicSSH())
      ) {
        // Without a signature the client only asks whether the key would do; with one it must be the key's.
        if (!context.signature || allowedKey.verify(context.blob!, context.signature, context.hashAlgo)) return context.accept();
      }
      context.reject(allowedKey ? ['publickey'] : ['password']);
    });
    client.on('ready', () => {
      state.sessions++;
      client.on('session', (accept) => {
        const session = accept();
        session.on('pty', (acceptPty) => acceptPty?.());
        session.on('exec', (acceptExec, _reject, info) => {
          const channel = acceptExec();
          received.push(info.command);
          if (behaviour === 'hang') return;
          const answer = recording.commands.get(`${info.command}\n`);
          if (answer === undefined) {
            channel.stderr.write(`error: unknown command: ${info.command}\n`);
            channel.exit(1);
            return channel.end();
          }
          if (behaviour === 'close') {
            channel.write(answer.slice(0, answer.length / 2));
            return client.end();
          }
          channel.write(answer);
          channel.exit(0);
          channel.end();
        });
        session.on('shell', (acceptShell) => {
          const channel = acceptShell();
          channel.write(recording.initPrompt);
          let line = '';
          channel.on('data', (chunk: Buffer) => {
            line += chunk.toString('utf8');
            let end = line.indexOf('\n');
            while (end >= 0) {
              const command = line.slice(0, end + 1);
              line = line.slice(end + 1);
              received.push(command.trimEnd());
              if (command === 'exit\n') {
                channel.end();
                return client.end();
              }
              if (behaviour === 'hang') return;
              const answer =
                recording.commands.get(command) ?? `${command.trimEnd()}\r\n% Invalid input detected at '^' marker.\r\n\r\n${prompt}`;
              if (behaviour === 'close' && /show (running-config|configuration)/.test(command)) {
                channel.write(answer.slice(0, answer.length / 2));
                return client.end();
              }
              channel.write(answer);
              end = line.indexOf('\n');
            }
          });
        });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    get sessions() {
      return state.sessions;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
