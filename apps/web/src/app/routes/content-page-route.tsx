import { lazy, Suspense } from 'react';
import { Navigate, useParams } from 'react-router';
import { ContentPage } from '../../features/content-page/components/content-page.tsx';

// Issue 17: the responsible-gaming page also offers the player's own tools; loaded only on that page.
const ResponsibleGamingTools = lazy(() =>
  import('../../features/security-centre/components/responsible-gaming-tools.tsx').then((m) => ({
    default: m.ResponsibleGamingTools,
  })),
);

/** /page/:key — terms, privacy, responsible-gaming; /page/join is the join page itself, at /join. */
export function ContentPageRoute() {
  const { key = '' } = useParams();
  if (key === 'join') return <Navigate to="/join" replace />;
  return (
    <ContentPage
      pageKey={key}
      after={
        key === 'responsible-gaming' ? (
          <Suspense fallback={null}>
            <ResponsibleGamingTools />
          </Suspense>
        ) : undefined
      }
    />
  );
}
