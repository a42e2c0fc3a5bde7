import { PartnerNav } from '@/features/shell/PartnerNav.tsx';
import { AppFrame } from './AppFrame.tsx';

export function PartnerLayout() {
  return <AppFrame nav={(props) => <PartnerNav {...props} />} />;
}
