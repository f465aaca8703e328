import { useEffect, useRef, useState } from "react";
import { t } from "~/i18n/fr";

/** The part of the Barcode Detection API used here (not in TypeScript's DOM library yet). */
interface DetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/** The browser's BarcodeDetector when it reads QR codes and a camera can be asked for; null otherwise. */
async function qrDetector(): Promise<DetectorClass | null> {
  const Detector = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Detector || !navigator.mediaDevices?.getUserMedia) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ["qr_code"];
    return formats.includes("qr_code") ? Detector : null;
  } catch {
    return null;
  }
}

/**
 * "Scanner le badge" (decision 0137): with JavaScript, and only where the browser has `BarcodeDetector` for QR codes
 * and a camera API, a button that films with the device's camera, reads the badge's QR, puts its text in the badge
 * field and submits the badge form — the same post as a scanner's. Rendered nothing on the server and wherever it
 * cannot work (feature detection after hydration), so the page without JavaScript has no dead button.
 */
export function BadgeScanner({ formId, inputId }: { formId: string; inputId: string }) {
  const [Detector, setDetector] = useState<DetectorClass | null>(null);
  const [scanning, setScanning] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    let live = true;
    void qrDetector().then((d) => live && setDetector(() => d));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!scanning || !Detector) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer = 0;
    const detector = new Detector({ formats: ["qr_code"] });
    const stop = () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    const look = async () => {
      if (stopped || !video.current) return;
      try {
        const [code] = await detector.detect(video.current);
        if (code?.rawValue && !stopped) {
          const input = document.getElementById(inputId) as HTMLInputElement | null;
          const form = document.getElementById(formId) as HTMLFormElement | null;
          if (input && form) {
            input.value = code.rawValue;
            stop();
            setScanning(false);
            form.requestSubmit();
            return;
          }
        }
      } catch {
        // A frame not ready yet: the next one.
      }
      timer = window.setTimeout(look, 200);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" }, audio: false })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return stop();
        video.current.srcObject = s;
        await video.current.play();
        void look();
      })
      .catch(() => {
        setFailed(true);
        setScanning(false);
      });
    return stop;
  }, [scanning, Detector, formId, inputId]);

  if (!Detector) return null;
  return (
    <div className="space-y-2" data-testid="badge-scanner">
      <button type="button" className="btn btn-secondary w-full py-3 text-xl" aria-pressed={scanning} onClick={() => {
          setFailed(false);
          setScanning((s) => !s);
        }}>
        {scanning ? t("terminal.badge.scan_stop") : t("terminal.badge.scan")}
      </button>
      {scanning && (
        <>
          <p className="text-sm text-gray-700">{t("terminal.badge.scan_hint")}</p>
          <video ref={video} muted playsInline className="w-full rounded-md bg-black" aria-label={t("terminal.badge.scan_hint")} />
        </>
      )}
      {failed && (
        <p role="alert" className="text-sm text-red-900">
          {t("terminal.badge.scan_failed")}
        </p>
      )}
    </div>
  );
}
