/** The /api reference (issue 33 item 3, decision 0099). */
export const apidocs = {
  "apidocs.title": "Référence de l'API Cadran",
  "apidocs.intro":
    "Chaque appel prend et rend du JSON. Authentification : POST /api/login rend un jeton, à envoyer dans l'en-tête « Authorization: Bearer <jeton> ». Les erreurs rendent { message } en français (et violations pour un 422). Document OpenAPI 3.1 : /api/docs.json.",
  "apidocs.rights": "Droits",
  "apidocs.rights_public": "public (sans jeton)",
  "apidocs.rights_anyone": "tout utilisateur connecté",
  "apidocs.body": "Corps de la requête",
  "apidocs.answers": "Réponses",
  "apidocs.ok": "Succès",
  "apidocs.no_content": "Succès, sans contenu",
  "apidocs.bearer": "Jeton rendu par POST /api/login",
  "apidocs.error_400": "Requête mal formée (JSON illisible)",
  "apidocs.error_401": "Jeton absent ou expiré",
  "apidocs.error_403": "Droits insuffisants",
  "apidocs.error_404": "Introuvable (ou hors de votre périmètre)",
  "apidocs.error_422": "Champs invalides : violations[] nomme chaque champ",
  "apidocs.document": "Télécharger le document OpenAPI (JSON)",
} as const;
