/**
 * The login steps other than Sign In — Create Account, Confirm Email, Set New Password, Reset
 * Password, the authenticator code at sign-in and 'Resend code' — are chunks of their own, fetched
 * when the step first shows (or once the visitor starts filling in the form: `prefetchLoginSteps`),
 * never part of the /login JavaScript (its budget: tests/unit/bundle-size.test.ts).
 */
import { lazy } from 'react';
import { loadResendCode } from './lazyResendCode';

const loadSignUp = () => import('./SignUpForm');
const loadConfirmEmail = () => import('./ConfirmEmailForm');
const loadNewPassword = () => import('./NewPasswordForm');
const loadForgotPassword = () => import('./ForgotPasswordForm');
const loadMfaCode = () => import('./MfaCodeForm');

export const SignUpForm = lazy(() => loadSignUp().then((m) => ({ default: m.SignUpForm })));
export const ConfirmEmailForm = lazy(() => loadConfirmEmail().then((m) => ({ default: m.ConfirmEmailForm })));
export const NewPasswordForm = lazy(() => loadNewPassword().then((m) => ({ default: m.NewPasswordForm })));
export const ForgotPasswordForm = lazy(() => loadForgotPassword().then((m) => ({ default: m.ForgotPasswordForm })));
export const MfaCodeForm = lazy(() => loadMfaCode().then((m) => ({ default: m.MfaCodeForm })));

/** Fetches every step ahead of need (a failed fetch is tried again when the step shows). */
export function prefetchLoginSteps(): void {
  for (const load of [loadSignUp, loadConfirmEmail, loadNewPassword, loadForgotPassword, loadMfaCode, loadResendCode])
    load().catch(() => undefined);
}
