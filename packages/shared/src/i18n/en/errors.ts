export default {
  badCredentials: 'Bad credentials',
  emailNotConfirmed: 'Please confirm your email address first: we sent you a link when you registered.',
  accountBlocked: 'The account is blocked until the balance is topped up by at least $1.',
  captchaWrong: 'Captcha is wrong!',
  confirmLinkInvalid: 'Something went wrong. Follow the link again, please.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  tooManyAttempts: 'Too many attempts. Please try again in a few minutes.',
  tooManyAttemptsCaptcha: 'Too many attempts. Tick the captcha below and try again, or wait a few minutes.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'Access forbbiden',
  permissionMissing:
    'Your role in this account does not allow this (it needs the permission "{{permission}}"). Ask the account\'s owner.',
  ownerOnly: "Only the account's owner can do this.",
  accountGone: 'You are no longer a member of this account.',
  notFound: 'Not found',
  serverError: 'Something went wrong',
  serviceBusy: 'The service is busy. Please try again in a few seconds.',
  invalidData: 'The given data was invalid.',
  payloadTooLarge: 'The request is too large.',
  extraFilePart:
    'Send one file only, as the field "file": the part "{{part}}" ({{name}}) is one file too many.',
  malformedMultipart:
    'The upload is not well-formed multipart/form-data: its boundary is missing or the data ends early. Send the form again.',
  noSelectedLinks: 'No selected links',
  exportExpired: 'This download link has expired. Please export the links again.',
};
