// A frame of ink-testing-library as the trader reads it: colours dropped, the padding Ink adds after each
// line trimmed. Its stdout is 100 columns: render inside <Box width={cols}> to draw at another width.

const SGR = /\u001b\[[0-9;]*m/g;

export function frameText(frame: string | undefined): string {
  return (frame ?? '').replace(SGR, '').split('\n').map((line) => line.trimEnd()).join('\n');
}
