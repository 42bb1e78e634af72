import { describe, expect, it } from 'vitest';
import { runnableOfOthers } from '../../src/engine/busy-cores.js';
import { freeCores } from '../../src/engine/worker-start.js';

// /proc as the kernel writes it: /proc/stat's procs_running counts every runnable thread, this process's included;
// each of its threads has a stat line whose state (R running or runnable, S sleeping) follows the name's ")".
const proc =
  (running: number, states: Record<string, string>) =>
  (path: string): string | undefined => {
    if (path === '/proc/stat')
      return `cpu  1 2 3 4 5 6 7 8 0 0\nintr 1\nctxt 2\nprocs_running ${running}\nprocs_blocked 0\n`;
    const tid = /^\/proc\/self\/task\/(\d+)\/stat$/.exec(path)?.[1];
    return tid && states[tid] ? `${tid} (node) ${states[tid]} 1 2 3` : undefined;
  };

describe('runnable threads of other processes (/proc)', () => {
  it("takes this process's runnable threads away from the kernel's count", () => {
    const tasks = () => ['10', '11', '12'];
    expect(runnableOfOthers(proc(3, { 10: 'R', 11: 'S', 12: 'S' }), tasks)).toBe(2);
    expect(runnableOfOthers(proc(3, { 10: 'R', 11: 'R', 12: 'S' }), tasks)).toBe(1);
    // A thread name with spaces and parentheses: the state is the field after the last ")".
    const odd = (path: string) => (path === '/proc/stat' ? 'procs_running 4\n' : '10 (V8 (worker) 1) R 1 2 3');
    expect(runnableOfOthers(odd, () => ['10'])).toBe(3);
  });

  it('counts the reading thread even when its own stat says otherwise, and never below none', () => {
    expect(runnableOfOthers(proc(1, { 10: 'S' }), () => ['10'])).toBe(0);
    expect(runnableOfOthers(proc(0, {}), () => [])).toBe(0);
  });

  it('says nothing where the kernel does not', () => {
    expect(
      runnableOfOthers(
        () => undefined,
        () => [],
      ),
    ).toBeUndefined();
    expect(
      runnableOfOthers(
        () => 'cpu 1 2 3\n',
        () => [],
      ),
    ).toBeUndefined();
  });

  it('gives one thread when others keep every core busy at both readings, else all the cores', () => {
    expect(freeCores(2, 2, 2)).toBe(1);
    expect(freeCores(2, 3, 5)).toBe(1);
    expect(freeCores(2, 1, 1)).toBe(2);
    expect(freeCores(4, 0, 0)).toBe(4);
    expect(freeCores(1, 0, 0)).toBe(1);
    // A moment's burst, at one reading only, does not decide.
    expect(freeCores(2, 2, 0)).toBe(2);
    expect(freeCores(2, 0, 2)).toBe(2);
  });
});
