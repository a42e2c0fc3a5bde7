// The pieces of the app frame the layouts compose: navigation, banners, language and account menus.
export { LanguageSwitcher } from './LanguageSwitcher.tsx';
export { PartnerNav } from './PartnerNav.tsx';
export { MainNav } from './Sidebar.tsx';
export { BalanceChip, UserMenu } from './UserMenu.tsx';
export { BlockedBanner, WarningBanner } from './WarningBanner.tsx';
