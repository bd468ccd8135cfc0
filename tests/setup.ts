import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

// Component tests wait for what the page ends up showing; on a busy machine a render chain (queries, lazy modules)
// may take longer than Testing Library's default second, which would fail a test whose page is right.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}

// An unexpected console.error is a bug the test did not look for: fail loudly instead of scrolling past it.
let errorSpy: MockInstance<typeof console.error>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = errorSpy.mock.calls;
  errorSpy.mockRestore();
  if (calls.length > 0) {
    throw new Error(`console.error was called:\n${calls.map((args) => args.map(String).join(' ')).join('\n')}`);
  }
});
