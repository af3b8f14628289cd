/** SPEC §4 / §8 texts owned by the auth machines (the identity service maps the Cognito errors). */
export const AUTH_MESSAGES = {
  confirmSignUp: 'Please check your email and confirm your account before signing in.',
  mfa: 'Multi-factor authentication required. Please set up or enter your authenticator code.',
  other: 'Additional authentication steps required. Please contact your administrator.',
  signInFailed: 'An error occurred during sign in',
  signUpFailed: 'An error occurred during sign up',
  confirmFailed: 'Invalid confirmation code. Please try again.',
  newPasswordFailed: 'An error occurred while setting your new password',
  accountCreated: 'Account created successfully! You can now sign in.',
  emailConfirmed: 'Email confirmed successfully! Please sign in to complete your account setup.',
  passwordReset: 'Password reset. Sign in with your new password.',
  challengeExpired: 'Your sign-in session has expired. Please sign in again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  sessionCheckFailed: 'We could not check your session. Please sign in.',
  accessCheckFailed: 'We could not load your account.',
  allDevicesSignOutFailed:
    'You are signed out on this device, but your other devices could not be signed out. Sign in and choose Sign out of all devices again.',
} as const;

/** The console logs these (SPEC §8 "logged only"); nothing is shown. */
export const AUTH_LOG_MESSAGES = {
  activationFailed: 'User activation failed (continuing):',
  apiSignOutFailed: 'The API could not record the sign-out (continuing):',
  allDevicesSignOutFailed: 'Sign out of all devices failed:',
  signupCompletionFailed: 'Signup completion failed (continuing):',
  signupCompletionTimedOut:
    'Account setup is taking longer than expected. It continues on the server: refresh the page in a minute to see your workspace.',
} as const;
