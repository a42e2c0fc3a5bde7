// What other features may use of the profile page: its section frame (reports adds recipients).
export { ProfileSection } from './ProfileSection.tsx';
