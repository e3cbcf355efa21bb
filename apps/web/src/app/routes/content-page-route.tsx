import { Navigate, useParams } from 'react-router';
import { ContentPage } from '../../features/content-page/components/content-page.tsx';

/** /page/:key — terms, privacy, responsible-gaming; /page/join is the join page itself, at /join. */
export function ContentPageRoute() {
  const { key = '' } = useParams();
  if (key === 'join') return <Navigate to="/join" replace />;
  return <ContentPage pageKey={key} />;
}
