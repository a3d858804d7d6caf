import { hideInput, optionalReasonInput } from '@pricehub/shared/schemas/operator-moderation';
import { notifySuccess } from '../../../components/notify';
import { ReasonDialog } from '../../../components/reason-dialog';
import type { BlogAction, ReviewAction, useModerationAction } from '../api/moderation';

export interface ModerationWording {
  title: string;
  body: string;
  label: string;
  button: string;
  color: string;
}

interface Props {
  acting: ReviewAction | BlogAction;
  wording: ModerationWording;
  action: ReturnType<typeof useModerationAction>;
  onDone: () => void;
}

/** Asks for the reason of one moderation step (hiding needs one, the others take a note) and takes the step. */
export function ModerationDialog({ acting, wording, action, onDone }: Props) {
  return (
    <ReasonDialog
      {...wording}
      required={acting === 'hide'}
      schema={acting === 'hide' ? hideInput : optionalReasonInput}
      field="reason"
      pending={action.isPending}
      error={action.error}
      onClose={() => {
        action.reset();
        onDone();
      }}
      onSubmit={(value: { reason?: string }) =>
        action.mutate(
          { action: acting, reason: value.reason },
          {
            onSuccess: (result) => {
              notifySuccess(result.message);
              onDone();
            },
          },
        )
      }
    />
  );
}
