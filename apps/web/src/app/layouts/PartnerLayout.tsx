import { PartnerNav } from '@/features/shell';
import { AppFrame } from './AppFrame.tsx';

export function PartnerLayout() {
  return <AppFrame nav={(props) => <PartnerNav {...props} />} />;
}
