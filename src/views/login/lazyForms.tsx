/**
 * The login steps a visitor rarely needs — Reset Password, the authenticator code at sign-in and
 * 'Resend code' — are chunks of their own, fetched when the step first shows (or once the visitor
 * starts filling in the form: `prefetchRecoveryForms`), never part of the /login JavaScript.
 */
import { lazy } from 'react';

const loadForgotPassword = () => import('./ForgotPasswordForm');
const loadMfaCode = () => import('./MfaCodeForm');
const loadResendCode = () => import('./ResendCode');

export const ForgotPasswordForm = lazy(() => loadForgotPassword().then((m) => ({ default: m.ForgotPasswordForm })));
export const MfaCodeForm = lazy(() => loadMfaCode().then((m) => ({ default: m.MfaCodeForm })));
export const ResendCode = lazy(() => loadResendCode().then((m) => ({ default: m.ResendCode })));

/** Fetches the three ahead of need (a failed fetch is tried again when the step shows). */
export function prefetchRecoveryForms(): void {
  for (const load of [loadForgotPassword, loadMfaCode, loadResendCode]) load().catch(() => undefined);
}
