import cliProgress from 'cli-progress';
import type { ProgressReporter } from './importer.js';

/** A terminal progress bar per phase (a counter when the total is unknown); plain lines when not a TTY. */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): ProgressReporter {
  let bar: cliProgress.SingleBar | null = null;
  let label = '';
  let lastLogged = 0;
  const finish = () => {
    bar?.stop();
    bar = null;
  };
  return {
    phase(name, total) {
      finish();
      label = name;
      if (!stream.isTTY) {
        stream.write(`${name}${total ? ` (${total.toLocaleString('en')})` : ''}...\n`);
        return;
      }
      bar = new cliProgress.SingleBar(
        {
          stream,
          format: total ? `${name.padEnd(34)} {bar} {percentage}% | {value}/{total} | {eta_formatted} left` : `${name.padEnd(34)} {value}`,
          hideCursor: true,
          clearOnComplete: false,
        },
        cliProgress.Presets.shades_classic,
      );
      bar.start(total ?? 0, 0);
    },
    update(done) {
      if (bar) bar.update(done);
      else if (!stream.isTTY && Date.now() - lastLogged > 5_000) {
        lastLogged = Date.now();
        stream.write(`  ${label}: ${done.toLocaleString('en')}\n`);
      }
    },
    stop: finish,
  };
}
