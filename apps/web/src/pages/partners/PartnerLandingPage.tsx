import { PartnerLanding } from '@/features/partners';

/** The public partner landing page. */
export default function PartnerLandingPage() {
  return <PartnerLanding />;
}
