import { describe, expect, it } from 'vitest';
import { checkTmuxPassthrough, formatResult } from './checks.js';
import type { DoctorFacts } from './facts.js';

const facts = (tmux: DoctorFacts['tmux'], notifyMethod: 'auto' | 'off' | 'bell' = 'auto'): DoctorFacts => ({
  now: 0, home: { path: '/h', exists: true }, network: { ok: false, error: 'x' }, config: { file: null, problems: [], notifyMethod }, ...(tmux ? { tmux } : {}),
});

describe('doctor: tmux passthrough', () => {
  it('no line outside tmux', () => {
    expect(checkTmuxPassthrough(facts(undefined))).toBeUndefined();
  });

  it('tmux-passthrough-off-unsaid: inside tmux with allow-passthrough off and notifications on, it warns and says what to set', () => {
    expect(formatResult(checkTmuxPassthrough(facts({ passthrough: 'off' }))!)).toBe(
      'WARN tmux passthrough: allow-passthrough is off: tmux drops desktop notifications (OSC 9 / 777): the bell instead (fix: tmux set -g allow-passthrough on (and `set -g allow-passthrough on` in ~/.tmux.conf))',
    );
    expect(checkTmuxPassthrough(facts({ passthrough: 'unknown' }))?.level).toBe('WARN');
  });

  it('on is OK; off with notifications off in the config is said, not warned', () => {
    expect(checkTmuxPassthrough(facts({ passthrough: 'on' }))?.level).toBe('OK');
    const off = checkTmuxPassthrough(facts({ passthrough: 'off' }, 'off'))!;
    expect(off.level).toBe('OK');
    expect(off.detail).toContain('notifications are off in the config');
  });
});
