// The status bar tells the user while the client holds requests back: "throttled Ns", gone when it ends.

import { render } from 'ink';
import { describe, expect, it } from 'vitest';
import { createVirtualTerminal } from '../../../test/helpers/terminal.js';
import { createTerminalStore } from '../../state/store.js';
import { throttleText } from './throttle.js';
import { StoreContext } from '../shell/store-context.js';
import { StatusBar } from './StatusBar.js';

describe('throttle notice', () => {
  it('reads the seconds left, at least 1 while a wait overruns, nothing when none', () => {
    expect(throttleText(null, 0)).toBeNull();
    expect(throttleText({ untilMs: 10_000, sources: ['rest public'] }, 8_200)).toBe('throttled 2s');
    expect(throttleText({ untilMs: 10_000, sources: ['rest public'] }, 12_000)).toBe('throttled 1s');
  });

  it('the status bar shows it while the store says requests wait, and drops it after', async () => {
    const store = createTerminalStore({ network: { name: 'local', chainId: 31337, isMainnet: false } });
    const vt = createVirtualTerminal(120, 3);
    const app = render(
      <StoreContext.Provider value={store}>
        <StatusBar width={120} rows={2} />
      </StoreContext.Provider>,
      { stdout: vt.stdout as unknown as NodeJS.WriteStream, stdin: vt.stdin as unknown as NodeJS.ReadStream, patchConsole: false, exitOnCtrlC: false },
    );
    try {
      await vt.waitFor('LOCAL sim');
      expect(vt.screenText()).not.toContain('throttled');
      store.setState({ throttle: { untilMs: Date.now() + 2_500, sources: ['trading socket'] } });
      await vt.waitFor(/throttled [1-3]s/);
      store.setState({ throttle: null });
      await vt.waitFor((s) => s.includes('LOCAL sim') && !s.includes('throttled'));
    } finally {
      app.unmount();
      vt.dispose();
    }
  });
});
