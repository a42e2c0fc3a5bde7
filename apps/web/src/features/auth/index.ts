// The guest pages; small, so the route table loads them with the app rather than lazily.

// The reCAPTCHA box, for the public pages that take a solved captcha (the domain check).
export { Captcha } from './Captcha.tsx';
export { ConfirmEmailPage } from './ConfirmEmailPage.tsx';
export { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
export { LoginPage } from './LoginPage.tsx';
export { RegisterPage } from './RegisterPage.tsx';
export { RegisterSuccessPage } from './RegisterSuccessPage.tsx';
export { ResetPasswordPage } from './ResetPasswordPage.tsx';
