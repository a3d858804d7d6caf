import { Stack, Title } from '@mantine/core';
import { AccountDataPanel } from '../../../components/account-data-panel';
import { PasswordChangeForm } from '../../../components/password-change-form';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useSellerProfile } from '../api/seller-profile';
import { ErrorState, LoadingState } from '../../../components/page-states';
import { SellerProfileForm } from '../components/seller-profile-form';

export function SellerProfilePage() {
  usePageTitle('Profile');
  const profile = useSellerProfile();
  return (
    <Stack maw={900}>
      <Title order={1} size="h2">
        Profile
      </Title>
      {profile.isLoading && <LoadingState />}
      {profile.isError && <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />}
      {profile.data && <SellerProfileForm profile={profile.data} />}
      <PasswordChangeForm />
      <AccountDataPanel role="seller" />
    </Stack>
  );
}
