/**
 * Resolves once the event loop has taken one more turn (a zero-delay timer): every promise already
 * settled has run its callbacks by then. An ordering, not a delay: it never waits "long enough" for
 * something slow. A test that needs something to happen waits for it (`vi.waitFor`, `findBy…`); a
 * test that shows something does NOT happen first waits for what would have triggered it, then takes
 * one turn.
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
