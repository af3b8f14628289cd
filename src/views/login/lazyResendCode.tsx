/**
 * 'Resend code' on Confirm Email is a chunk of its own, like the login steps (./lazyForms.tsx), fetched
 * when Confirm Email shows. Its own module, so that Confirm Email (itself loaded by lazyForms) and
 * lazyForms' prefetch both reach it without importing each other.
 */
import { lazy } from 'react';

export const loadResendCode = () => import('./ResendCode');

export const ResendCode = lazy(() => loadResendCode().then((m) => ({ default: m.ResendCode })));
