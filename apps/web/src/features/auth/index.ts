// The guest pages; small, so the route table loads them with the app rather than lazily.
export { ConfirmEmailPage } from './ConfirmEmailPage.tsx';
export { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
export { LoginPage } from './LoginPage.tsx';
export { RegisterPage } from './RegisterPage.tsx';
export { RegisterSuccessPage } from './RegisterSuccessPage.tsx';
export { ResetPasswordPage } from './ResetPasswordPage.tsx';
