/** The types of eslint-test-rules.js, plain JS so that eslint.config.js can load it as it is. */
interface RestrictedSyntax {
  readonly selector: string;
  readonly message: string;
}

export declare const noFocusedOrSkippedTests: readonly RestrictedSyntax[];
export declare const noRacingMenuClicks: readonly RestrictedSyntax[];
export declare const noFixedSleeps: readonly RestrictedSyntax[];
export declare const noShortWaits: readonly RestrictedSyntax[];
