import type { Permission } from '@lotus/shared/system.schema';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { SiteFooter } from '../../features/footer/components/site-footer.tsx';

// The footer is on the first page; the feedback modal is fetched the first time it is asked for.
const FeedbackModal = lazy(() =>
  import('../../features/feedback/components/feedback-modal.tsx').then((m) => ({ default: m.FeedbackModal })),
);

type FooterSlotProps = {
  permission: Permission;
  /** The row of vendor logos, composed from the game catalogue (catalogue-chrome.tsx). */
  vendorStrip?: ReactNode;
};

/** The footer with its feedback entry opening the feedback modal (two features, composed here). */
export function FooterSlot({ permission, vendorStrip }: FooterSlotProps) {
  const [feedback, setFeedback] = useState({ mounted: false, opened: false });
  return (
    <>
      <SiteFooter
        brandName={permission.site.brandName}
        resources={permission.resources}
        onFeedback={() => setFeedback({ mounted: true, opened: true })}
        vendorStrip={vendorStrip}
      />
      {feedback.mounted ? (
        <Suspense fallback={null}>
          <FeedbackModal
            opened={feedback.opened}
            onClose={() => setFeedback({ mounted: true, opened: false })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
