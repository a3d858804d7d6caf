import { CampaignAlert } from '../../../components/campaign/campaign-alert';

const salePage = (code: string) => `/saleDetail/${code}`;

export const SaleAlertPage = () => (
  <CampaignAlert
    title="Sale created"
    body="Your sale is saved. Its prices apply to the chosen products from its start date."
    next={[
      { to: '/seller/sales', label: 'View sales' },
      { to: '/seller/addSale', label: 'Add another sale' },
    ]}
    publicPage={salePage}
  />
);

export const SaleUpdateAlertPage = () => (
  <CampaignAlert
    title="Sale updated"
    body="Your changes are saved."
    next={[{ to: '/seller/sales', label: 'View sales' }]}
    publicPage={salePage}
  />
);
