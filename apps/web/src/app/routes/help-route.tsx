import { useState } from 'react';
import { FeedbackModal } from '../../features/feedback/components/feedback-modal.tsx';
import { HelpPage } from '../../features/help/components/help-page.tsx';

/** /help and /helpmc: the help centre, whose #feedback section opens the feedback modal (another feature). */
export function HelpRoute({ variant }: { variant: 'help' | 'helpmc' }) {
  const [feedbackOpened, setFeedbackOpened] = useState(false);
  return (
    <>
      <HelpPage variant={variant} onOpenFeedback={() => setFeedbackOpened(true)} />
      <FeedbackModal opened={feedbackOpened} onClose={() => setFeedbackOpened(false)} />
    </>
  );
}
