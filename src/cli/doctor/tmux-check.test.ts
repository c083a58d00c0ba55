import { describe, expect, it } from 'vitest';
import { resolveNotifyRoute, type NotifyMethodSetting, type TmuxPassthrough } from '../../terminal/desktop-notification.js';
import { checkNotifications, checkTmuxPassthrough, formatResult, runChecks } from './checks.js';
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

/** The facts gather.ts finds for `setting` in `env`, tmux answering `passthrough` when TMUX is set. */
function notifyFacts(setting: NotifyMethodSetting, env: Record<string, string>, passthrough: TmuxPassthrough = 'unknown'): DoctorFacts {
  const tmux = env.TMUX ? { passthrough } : undefined;
  return {
    now: 0, home: { path: '/h', exists: true }, network: { ok: false, error: 'x' },
    config: { file: null, problems: [], notifyMethod: setting, notifyRoute: resolveNotifyRoute(setting, env, passthrough) },
    ...(tmux ? { tmux } : {}),
  };
}
const line = (f: DoctorFacts) => formatResult(checkNotifications(f)!);
const TMUX = { TMUX: '/tmp/tmux-1/default,1,0' };

describe('doctor: the notify method in effect', () => {
  it('doctor-silent-on-notify-method: one line in every case, printed with the config checks', () => {
    expect(runChecks(notifyFacts('off', {})).map((c) => c.check)).toContain('notifications');
    expect(line(notifyFacts('off', {}))).toBe('OK   notifications: off (the default): set [notify] method = "auto" in the config to have fills, triggers, guards... notified');
  });

  it('outside tmux: the method auto comes to here, straight to the terminal', () => {
    expect(line(notifyFacts('auto', {}))).toBe('OK   notifications: OSC 9 (method "auto"), not inside tmux: straight to this terminal');
    expect(line(notifyFacts('auto', { VTE_VERSION: '7600' }))).toBe('OK   notifications: OSC 777 (method "auto"), not inside tmux: straight to this terminal');
  });

  it('inside tmux: through the passthrough when on, the bell when tmux drops it', () => {
    expect(line(notifyFacts('osc9', TMUX, 'on'))).toBe('OK   notifications: OSC 9 (method "osc9"), through tmux\'s passthrough (allow-passthrough on)');
    expect(line(notifyFacts('osc9', TMUX, 'off'))).toBe('OK   notifications: the bell (method "osc9"), inside tmux, which does not forward OSC notifications (allow-passthrough off)');
    expect(line(notifyFacts('bell', TMUX, 'off'))).toBe('OK   notifications: the bell (method "bell"), inside tmux');
  });
});
