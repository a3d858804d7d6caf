import { useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '../../../hooks/use-page-title';
import { AuthCard, AuthCardLink } from '../components/auth-card';
import { LoginForm } from '../components/login-form';
import { SellerAuthFrame } from '../components/seller-auth-frame';

/** Where a guarded page sent the visitor from (RequireRole puts it in the location state). */
function useReturnPath(): string | undefined {
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  // Only paths inside this site: never an absolute or protocol-relative URL.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : undefined;
}

export function CustomerLoginPage() {
  usePageTitle('Sign in');
  const navigate = useNavigate();
  const from = useReturnPath();
  return (
    <AuthCard
      title="Sign in to PriceHub"
      subtitle="Track prices, keep a wishlist and check out faster."
      footer={
        <>
          <AuthCardLink question="New to PriceHub?" to="/customer/add" state={from ? { from } : undefined}>
            Create an account
          </AuthCardLink>
          <AuthCardLink question="Selling on PriceHub?" to="/sellerLogin" mt={4}>
            Login as Seller
          </AuthCardLink>
        </>
      }
    >
      <LoginForm
        role="customer"
        forgotPasswordPath="/forget-password"
        onSignedIn={() => navigate(from ?? '/', { replace: true })}
      />
    </AuthCard>
  );
}

export function SellerLoginPage() {
  usePageTitle('Seller sign in');
  const navigate = useNavigate();
  const from = useReturnPath();
  return (
    <SellerAuthFrame>
      <AuthCard
        title="Seller sign in"
        subtitle="Manage your store, products, sales and orders."
        footer={
          <AuthCardLink question="No store yet?" to="/sellerAdd">
            Register as a seller
          </AuthCardLink>
        }
      >
        <LoginForm
          role="seller"
          forgotPasswordPath="/Cforget-password"
          onSignedIn={() => navigate(from && /^\/seller(\/|$)/.test(from) ? from : '/seller', { replace: true })}
        />
      </AuthCard>
    </SellerAuthFrame>
  );
}
