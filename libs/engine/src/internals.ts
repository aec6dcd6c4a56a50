/**
 * @exs/engine/internals: the parts of the engine that its evaluation, training and fuzzing tools
 * (libs/engine-tools) build on beyond the public API: the calibrator's pieces (training fits the artefact the
 * runtime applies), PDF page access and rendering (scanned copies), and text normalisation (the eval's
 * comparison). Services use the public entry (index.ts) only; these names may change together with the tools.
 */
export {
  activeCalibrator, calibrate, calibrateWith, domainGroup, domainOf, fitIsotonic, isotonicProbability,
  MISSING_INPUTS, MISSING_SIGNS, missingInputs, RECALIBRATION_INPUTS, RECALIBRATION_SIGNS, recalibrationInputs, setCalibrator,
} from './calibrate/calibrator.js';
export type { CalibrationFeatures, CalibratorArtefact, Domain, MissingFeatures, Recalibration } from './calibrate/calibrator.js';
export { openPdf, pageText } from './document/pdf.js';
export { renderPdfGrey, type Grey } from './document/ocr.js';
export { alnum, normText, similarity } from './normalize/text.js';
