import { stdin, stdout } from 'node:process';

/**
 * Reads one line from standard input. At a terminal it prompts and echoes nothing (raw mode, so
 * the password is never shown); piped in (`printf '%s\n' "$PW" | …`) it reads the first line.
 */
export async function readSecret(prompt: string): Promise<string> {
  if (!stdin.isTTY) {
    let text = '';
    for await (const chunk of stdin) {
      text += chunk;
      if (text.includes('\n')) break;
    }
    return text.split(/\r?\n/)[0] ?? '';
  }
  stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  return new Promise((done) => {
    let text = '';
    const onData = (key: string) => {
      for (const char of key) {
        if (char === '\r' || char === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          stdout.write('\n');
          done(text);
          return;
        }
        if (char === '\u0003') process.exit(130); // Ctrl-C
        if (char === '\u007f') text = text.slice(0, -1);
        else text += char;
      }
    };
    stdin.on('data', onData);
    stdin.resume();
  });
}
