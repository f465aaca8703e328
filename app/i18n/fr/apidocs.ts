/** The /api reference (issue 33 item 3, decision 0099). */
export const apidocs = {
  "apidocs.title": "Référence de l'API Cadran",
  "apidocs.intro":
    "Chaque appel prend et rend du JSON. Authentification : POST /api/login rend un jeton, à envoyer dans l'en-tête « X-AUTH-TOKEN: <jeton> ». Les dates des corps sont des secondes Unix ; celles des chemins et des paramètres, AAAAMMJJ. Les erreurs rendent { message } en français (et violations pour un 422). Document OpenAPI 3.1 : /api/docs.json.",
  "apidocs.rights": "Droits",
  "apidocs.rights_public": "public (sans jeton)",
  "apidocs.rights_anyone": "tout utilisateur connecté",
  "apidocs.body": "Corps de la requête",
  "apidocs.answers": "Réponses",
  "apidocs.ok": "Succès",
  "apidocs.no_content": "Succès, sans contenu",
  "apidocs.token": "Jeton rendu par POST /api/login, dans l'en-tête X-AUTH-TOKEN",
  "apidocs.error_400": "Requête mal formée (JSON illisible)",
  "apidocs.error_401": "Jeton absent ou expiré",
  "apidocs.error_403": "Droits insuffisants",
  "apidocs.error_404": "Introuvable (ou hors de votre périmètre)",
  "apidocs.error_409": "Conflit : décision prise entre-temps, mois de paie clôturé ou élément encore utilisé",
  "apidocs.error_415": "Corps d'un autre type que JSON",
  "apidocs.error_422": "Champs invalides : violations[] nomme chaque champ",
  "apidocs.error_429": "Trop d'essais : réessayez dans quelques minutes",
  "apidocs.query": "Paramètres de la requête",
  "apidocs.document": "Télécharger le document OpenAPI (JSON)",
} as const;
