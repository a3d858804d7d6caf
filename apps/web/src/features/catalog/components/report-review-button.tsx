import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconFlag } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { moderationMessages, reportReviewInput } from '@pricehub/shared/schemas/operator-moderation';
import { ApiRequestError } from '../../../api/client';
import { useSession } from '../../../api/session';
import { notifySuccess } from '../../../components/notify';
import { useReportReview } from '../api/report-review';

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
      )}
    </>
  );
}

interface ReportDialogProps {
  reviewId: number;
  author: string;
  signedIn: boolean;
  onClose: () => void;
  onReported: () => void;
}

function ReportDialog({ reviewId, author, signedIn, onClose, onReported }: ReportDialogProps) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const report = useReportReview(reviewId);
  const { pathname } = useLocation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reportReviewInput.safeParse({ reason });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    report.mutate(parsed.data, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        onReported();
      },
      onError: (error) => {
        // Reported before (another tab, another day): the shopper's wish is already done.
        if (error instanceof ApiRequestError && error.status === 409) {
          notifySuccess(moderationMessages.alreadyReported);
          onReported();
        }
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={`Report the review by ${author}`} centered>
      {!signedIn ? (
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
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">
              Tell the PriceHub team what is wrong: insults, spam, personal details, or not about the product. The
              author is not told who reported it.
            </Text>
            <Textarea
              label="What is wrong with this review?"
              required
              autosize
              minRows={3}
              maxRows={6}
              maxLength={500}
              value={reason}
              error={fieldError}
              data-autofocus
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setFieldError(undefined);
              }}
            />
            {report.isError && !(report.error instanceof ApiRequestError && report.error.status === 409) && (
              <Alert color="red" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
                {report.error.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={report.isPending}>
                Send report
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
