import { Stack, Title } from '@mantine/core';
import { AccountDataPanel } from '../../../components/account-data-panel';
import { PasswordChangeForm } from '../../../components/password-change-form';
import { usePageTitle } from '../../../components/page-title';
import { useSellerProfile } from '../api/profile';
import { LoadError, PageLoader } from '../components/query-states';
import { SellerProfileForm } from '../components/seller-profile-form';

export function SellerProfilePage() {
  usePageTitle('Profile');
  const profile = useSellerProfile();
  return (
    <Stack maw={900}>
      <Title order={1} size="h2">
        Profile
      </Title>
      {profile.isLoading && <PageLoader />}
      {profile.isError && <LoadError error={profile.error} onRetry={() => void profile.refetch()} />}
      {profile.data && <SellerProfileForm profile={profile.data} />}
      <PasswordChangeForm />
      <AccountDataPanel role="seller" />
    </Stack>
  );
}
