import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { moderationMessages, reportReviewInput } from '@pricehub/shared/schemas/operator-moderation';
import { ApiRequestError } from '../../../api/client';
import { notifySuccess } from '../../../components/notify';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useReportReview } from '../api/report-review';

interface ReportDialogProps {
  reviewId: number;
  author: string;
  signedIn: boolean;
  onClose: () => void;
  onReported: () => void;
}

/** What the Report button by a review opens (report-review-button.tsx): a reason for a shopper, sign-in for a visitor. */
export default function ReportDialog({ reviewId, author, signedIn, onClose, onReported }: ReportDialogProps) {
  const report = useReportReview(reviewId);
  const { pathname } = useLocation();
  const title = `Report the review by ${author}`;
  // Reported before (another tab, another day): the shopper's wish is already done.
  const reportedBefore = (error: unknown) => error instanceof ApiRequestError && error.status === 409;

  if (!signedIn) {
    return (
      <Modal opened onClose={onClose} title={title} centered>
        <Stack>
          <Text size="sm">Please sign in to report a review.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button component={Link} to="/login" state={{ from: pathname }}>
              Sign in
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }
  return (
    <ReasonDialog
      title={title}
      body="Tell the PriceHub team what is wrong: insults, spam, personal details, or not about the product. The author is not told who reported it."
      label="What is wrong with this review?"
      required
      schema={reportReviewInput}
      maxLength={500}
      button="Send report"
      color="red"
      pending={report.isPending}
      error={reportedBefore(report.error) ? null : report.error}
      onSubmit={(input) =>
        report.mutate(input, {
          onSuccess: (result) => {
            notifySuccess(result.message);
            onReported();
          },
          onError: (error) => {
            if (!reportedBefore(error)) return;
            notifySuccess(moderationMessages.alreadyReported);
            onReported();
          },
        })
      }
      onClose={onClose}
    />
  );
}
