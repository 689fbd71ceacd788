import { serveResidentTask } from '../../platform/sandbox/serve-task.js';

/** A resident task for the sandbox's own tests: answers, loops, throws or exits as asked. */
type ProbeInput = { echo: string } | { spinMs: number } | { throw: true } | { exit: true } | { grow: true };

serveResidentTask((input: ProbeInput) => {
  if ('echo' in input) return `echo ${input.echo}`;
  if ('spinMs' in input) {
    const until = Date.now() + input.spinMs;
    while (Date.now() < until);
    return 'spun';
  }
  if ('throw' in input) throw new TypeError('a message that quotes the input');
  if ('grow' in input) {
    const held: string[][] = [];
    for (;;) held.push(Array.from({ length: 100_000 }, (_, i) => `${i}`));
  }
  process.exit(3);
});
