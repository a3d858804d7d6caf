import { CampaignAlert } from '../../../components/campaign/campaign-alert';

export const PromoAlertPage = () => (
  <CampaignAlert
    title="Promo code created"
    body="Shoppers can enter this code at checkout while it runs."
    next={[{ to: '/seller/addPromo', label: 'Back to promo codes' }]}
  />
);
