import { useParams } from 'react-router';
import { CustomerView } from '@/features/admin/CustomerView.tsx';
import { NotFoundPage } from '@/ui/NotFoundPage.tsx';

export default function CustomerPage() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id < 1) return <NotFoundPage />;
  return <CustomerView key={id} userId={id} />;
}
