import { useState, type ImgHTMLAttributes } from 'react';

interface RemoteImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'onError'> {
  src: string;
  alt: string;
}

/** An image from the server that may be gone: when it fails to load it takes no space at all. */
export function RemoteImage({ src, alt, ...rest }: RemoteImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) return null;
  return <img src={src} alt={alt} onError={() => setFailedSrc(src)} {...rest} />;
}
