import { Button, Text } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../../api/session';

// The dialog (its form, schema and modal) loads when a shopper opens it: a product page shows a Report button by every
// review, and its code was a fifth of the page's start-up.
const ReportDialog = lazy(() => import('./report-review-dialog'));

/**
 * "Report" by a review: a shopper says what is wrong with it, once. Visitors are asked to sign in; sellers and
 * operators see no button (they have their own ways).
 */
export function ReportReviewButton({ reviewId, author }: { reviewId: number; author: string }) {
  const { user, isLoading } = useSession();
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(false);
  if (isLoading || (user && user.role !== 'customer')) return null;
  if (reported) {
    return (
      <Text size="xs" c="dimmed">
        Reported
      </Text>
    );
  }
  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        size="compact-xs"
        leftSection={<IconFlag size={14} aria-hidden />}
        onClick={() => setOpen(true)}
        aria-label={`Report the review by ${author}`}
      >
        Report
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog
            reviewId={reviewId}
            author={author}
            signedIn={!!user}
            onClose={() => setOpen(false)}
            onReported={() => {
              setOpen(false);
              setReported(true);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
