// Teams (issue 27): the profile's Users section, the join page and the account menu's switcher.
export { AccountSwitcher } from './AccountSwitcher.tsx';
export { JoinPage } from './JoinPage.tsx';
export { UsersSection } from './UsersSection.tsx';
