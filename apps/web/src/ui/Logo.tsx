import { useState } from 'react';
import { DEFAULT_LOGO, readCustomerLogo } from '../lib/branding';

/** The customer's logo remembered on this device, or the default one if none or if it fails to load. */
export function BrandLogo({ alt, className = 'h-12 w-auto' }: { alt: string; className?: string }) {
  const [src, setSrc] = useState(() => readCustomerLogo() ?? DEFAULT_LOGO);
  return <img src={src} alt={alt} className={className} onError={() => setSrc(DEFAULT_LOGO)} />;
}
