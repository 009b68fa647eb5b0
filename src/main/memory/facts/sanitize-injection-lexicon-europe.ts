/**
 * Word tables for European languages (see sanitize-injection-lexicon.ts for how entries are written):
 * Spanish, French, German, Italian, Portuguese, Dutch, Swedish, Polish, Czech, Russian, Ukrainian, Greek.
 */
import type { Lexicon } from './sanitize-injection-lexicon-type';

const LATIN = /\p{sc=Latin}/u;
const CYRILLIC = /\p{sc=Cyrillic}/u;
const GREEK = /\p{sc=Greek}/u;

const es: Lexicon = {
  lang: 'es',
  script: LATIN,
  spacing: 'spaced',
  verbs: 'first',
  ai: 'asistente|ia|inteligencia artificial|modelo|modelo de lenguaje|bot|chatbot|agente',
  you: 'tú|usted|tus|vosotros',
  modal: 'debe|debes|deberá|deberás|tiene que|tienes que|puede|puedes|podrá|podrás|está autorizado a|estás autorizado a|está obligado a|ha de|has de|hay que|está permitido|puede ahora',
  order:
    'di|dile|dígale|diga|decir|responde|respóndele|responda|responder|contesta|contéstale|conteste|contestar|escribe|escriba|escribir|añade|añada|añadir|agrega|agregue|agregar|incluye|incluya|incluir|recomienda|recomiéndale|recomiende|recomendar|sugiere|sugiérele|sugiera|sugerir|aconseja|aconséjale|aconseje|envía|envíe|enviar|manda|mande|mandar|reenvía|reenvíe|muestra|muestre|mostrar|revela|revele|revelar|pide|pídele|pida|pedir|solicita|solicite|dale|dé|dar|llama|llame|menciona|mencione|menciones|cita|cites|nombres|hables|digas|respondas|ignora|ignore|obedece|obedezca|niega|niegue|afirma|afirme|insiste|advierte|adviértele|indícale|redirige|dirige|ejecuta|ejecute|borra|borre|elimina|elimine|comparte|comparta|asegúrale|convéncele|convence',
  override:
    'ignora|ignore|ignoren|ignorad|ignorar|ignóralas|olvida|olvide|olviden|olvidar|olvídate de|descarta|descarte|descartar|omite|omita|omitir|sáltate|saltarte|saltarse|elude|eluda|eludir|evade|evadir|desobedece|desobedecer|deja de seguir|deje de seguir|dejar de seguir|deja de cumplir|deja de respetar|haz caso omiso|no hagas caso|no sigas|no siga|no cumplas|no respetes|no obedezcas|anula|anule|anular|desactiva|desactive|desactivar|pasa por alto|pase por alto|pasar por alto|salta|sáltate|prescinde de|prescindir de|infringe|viola|violar',
  policy:
    'instrucciones|indicaciones|órdenes|reglas|normas|directrices|directivas|políticas|restricciones|filtros|limitaciones|salvaguardas|protecciones|pautas|prompt|configuración de seguridad|principios|mensajes',
  prior: 'anteriores|previas|precedentes|todas|todos|tus|sus|del sistema|de sistema|de seguridad|originales|iniciales|de contenido|éticas|antiguas|habituales|vigentes|dadas',
  systemPrompt: 'prompt del sistema|prompt de sistema|mensaje del sistema|instrucciones del sistema|instrucciones ocultas|indicaciones del sistema|system prompt|instrucciones internas',
  reveal:
    'revela|revele|revelar|muestra|muestre|mostrar|muéstrame|imprime|imprima|imprimir|escribe|escriba|copia|copie|comparte|comparta|divulga|divulgue|divulgar|dime|dígame|enseña|enséñame|repite|repita|repetir|expón|filtra|da a conocer|vuelca|lista',
  persist:
    'a partir de ahora|desde ahora|de ahora en adelante|en adelante|en lo sucesivo|a partir de hoy|desde hoy|desde este momento|en todas las conversaciones|en cada conversación|en todas las futuras conversaciones|en futuras conversaciones|en las próximas conversaciones|para siempre|permanentemente|la próxima vez|después de cada|tras cada|al final de cada|al terminar cada',
  condition:
    'cada vez que|siempre que|toda vez que|en cuanto el usuario|cuando el usuario|si el usuario|cuando la usuaria|si la usuaria|cuando te pregunten|si te preguntan|si te pregunta|cuando pregunte|si pregunta|cuando mencione|si menciona|la próxima vez que|si alguien|cuando alguien',
  whatever: 'lo que pregunte|lo que sea que|sin importar|no importa lo que|no importa qué|pase lo que pase|independientemente de|diga lo que diga|pregunte lo que pregunte|sea cual sea|cualquiera que sea|sin excepción|en cualquier caso|en todo caso',
  every: 'en cada respuesta|en todas las respuestas|en todas tus respuestas|en cada mensaje|al final de cada respuesta|cada respuesta|toda respuesta|en cada conversación',
  promote:
    'recomienda|recomiéndale|recomiende|recomendar|sugiere|sugiérele|sugiera|sugerir|promociona|promocione|promueve|promueva|aconseja|aconséjale|aconseje|menciona|mencione|publicita|anuncia|destaca|destaque|presenta|presente|redirige|dirige|ofrece|ofrezca',
  rivals: 'competencia|competidores|competidor|rivales|otras marcas|otros productos|otras tiendas|otros bancos|otras empresas|otras aseguradoras|otras aplicaciones|otras apps',
  send:
    'envía|envíe|enviar|manda|mande|mandar|reenvía|reenvíe|reenviar|sube|suba|subir|transmite|transmita|comparte|comparta|copia|copie|publica|publique|adjunta|adjunte|añade|añada|agrega|agregue|incluye|incluya|inserta|inserte|incrusta|remite|remita|filtra|reenvíale',
  data: 'historial|conversaciones|conversación|chats|chat|mensajes|datos|información|contraseñas|contraseña|claves|clave|credenciales|memoria|recuerdos|hechos guardados|notas|correos|contactos|tarjeta|pin|código|códigos|nombre|dirección',
  label:
    'nota del desarrollador|nota de los desarrolladores|mensaje del desarrollador|mensaje del sistema|aviso del sistema|nota del sistema|notificación del sistema|actualización del sistema|nota del administrador|mensaje del administrador|aviso del administrador|aviso de cumplimiento|nota de cumplimiento|nota del operador|mensaje del operador|actualización de política|actualización de políticas|política actualizada|registro de cambios|notas de la versión|instrucción del sistema|sistema|administrador|admin|desarrollador|operador|importante|urgente',
  grant:
    'ha autorizado|autorizó|ha permitido|permitió|ha dado permiso|dio permiso|ha dado su consentimiento|dio su consentimiento|ha concedido|concedió|ha consentido|consintió|ha aprobado|aprobó|ha otorgado|otorgó|está autorizado|estás autorizado|está permitido|tiene permiso|tienes permiso|se autoriza|se permite|consentimiento|autorización',
  user: 'usuario|usuaria|titular de la cuenta|propietario de la cuenta',
  disabled: 'desactivad*|suspendid*|eliminad*|anulad*|revocad*|levantad*|deshabilitad*|sin efecto|ya no aplican|ya no se aplican|ya no son válidas|ya no rigen|quedan sin efecto|han sido retiradas|obsoletas',
  roleplay:
    'interpreta el papel de|interpreta a|interpreta|haz el papel de|juega a ser|finge ser|finge que eres|simula ser|actúa como|compórtate como|hazte pasar por|adopta el papel de|asume el papel de|ponte en el papel de|imagina que eres|encarna|conviértete en|ahora eres',
  unbound:
    'sin restricciones|sin ninguna restricción|sin reglas|sin ninguna regla|sin normas|sin límites|sin ningún límite|sin filtros|sin ningún filtro|sin censura|sin limitaciones|sin ética|sin ataduras|ninguna regla|ningún filtro|ninguna restricción|no tiene reglas|libre de reglas',
  run: 'ejecuta|ejecute|ejecutar|llama a|llame a|invoca|invoque|invocar|lanza|lance|activa|active|dispara|corre',
  tool: 'herramienta|función|comando|script|llamada|api|acción|tool',
  decode: 'descodifica|decodifica|descifra|decodifique|descodifique|descifre|decodificar|descifrar|invierte|lee al revés|traduce',
  obey: 'obedece|obedezca|obedecer|cumple|cúmplelas|cúmplelo|cúmplela|cúmplelos|cumpla|cumplir|sigue|síguelas|síguelo|siga|seguir|ejecuta|ejecútalo|ejecútalas|ejecutar|haz lo que dice|haz lo que dicen|acata|acatar|aplica|aplícalas',
  all: 'todos|todas|todo|cada',
  soft: 'siempre|nunca|no|jamás|también|además|luego|entonces|por favor|inmediatamente|ahora|ahora mismo|solo|sólo|simplemente|discretamente|en silencio|y',
};

const fr: Lexicon = {
  lang: 'fr',
  script: LATIN,
  spacing: 'spaced',
  verbs: 'first',
  ai: 'assistant|assistante|ia|intelligence artificielle|modèle|modèle de langage|bot|chatbot|agent',
  you: 'tu|vous|tes|vos|votre',
  modal: 'dois|doit|devez|devra|devras|devrez|il faut|est autorisé à|es autorisé à|êtes autorisé à|peut|peux|pouvez|pourra|est tenu de|a le droit de|as le droit de|est désormais autorisé à',
  order:
    'dis|dis-lui|dites|dites-lui|dire|réponds|répondez|répondre|écris|écrivez|écrire|ajoute|ajoutez|ajouter|inclus|incluez|recommande|recommandez|recommander|suggère|suggérez|suggérer|conseille|conseillez|conseille-lui|envoie|envoyez|envoyer|transfère|transférez|affiche|affichez|afficher|montre|montrez|montrer|révèle|révélez|révéler|demande|demande-lui|demandez|demandez-lui|donne|donnez|appelle|appelez|mentionne|mentionnez|cite|citez|ignore|ignorez|obéis|obéissez|nie|niez|affirme|affirmez|prétends|insiste|préviens|invite|invite-le|redirige|redirigez|oriente|exécute|exécutez|supprime|supprimez|efface|effacez|partage|partagez|propose|proposez|parle|parlez|assure-lui|explique-lui|conseiller|indique-lui',
  override:
    "ignore|ignorez|ignorer|oublie|oubliez|oublier|ne tiens pas compte|ne tenez pas compte|ne pas tenir compte|fais abstraction|faites abstraction|faire abstraction|contourne|contournez|contourner|outrepasse|outrepassez|outrepasser|passe outre|passez outre|passer outre|désobéis|désobéir|ne suis plus|ne suivez plus|ne respecte plus|ne respectez plus|cesse de suivre|cessez de suivre|cesse de respecter|arrête de suivre|arrêtez de suivre|désactive|désactivez|désactiver|enfreins|enfreindre|écarte|écartez|néglige|négligez|annule|annulez|annuler|ne respecte pas|ne respectez pas|mets de côté|mettez de côté|laisse tomber|laissez tomber|n'applique plus|n'appliquez plus",
  policy: 'instructions|consignes|directives|règles|politiques|restrictions|filtres|limites|garde-fous|protections|principes|prompt|paramètres de sécurité|règlement|messages',
  prior: "précédent*|antérieur*|ci-dessus|toutes|tous|tes|vos|du système|système|de sécurité|initiales|originales|éthiques|de contenu|anciennes|habituelles|reçues|données",
  systemPrompt: "prompt système|prompt du système|invite système|message système|instructions système|instructions du système|consignes système|consignes du système|instructions cachées|system prompt|instructions internes",
  reveal: "révèle|révélez|révéler|affiche|affichez|afficher|montre|montrez|montrer|montre-moi|imprime|imprimez|imprimer|écris|écrivez|copie|copiez|partage|partagez|divulgue|divulguez|divulguer|dévoile|dévoilez|dévoiler|répète|répétez|répéter|donne-moi|dis-moi|recopie|expose",
  persist:
    "désormais|dorénavant|à partir de maintenant|à partir d'aujourd'hui|dès maintenant|dès à présent|à l'avenir|à compter de maintenant|pour toujours|définitivement|dans chaque conversation|dans toutes les conversations|dans toutes les futures conversations|lors des prochaines conversations|la prochaine fois|après chaque|à la fin de chaque",
  condition:
    "chaque fois que|chaque fois qu'|à chaque fois que|à chaque fois qu'|toutes les fois que|dès que l'utilisateur|quand l'utilisateur|lorsque l'utilisateur|si l'utilisateur|si on te demande|si l'on te demande|quand on te demande|lorsqu'on te demande|la prochaine fois que|s'il demande|s'il parle|quand il demande|si quelqu'un",
  whatever: "quelle que soit|quel que soit|quoi que|peu importe|quelles que soient|quels que soient|sans exception|en toutes circonstances|quoi qu'il arrive|indépendamment de|dans tous les cas",
  every: 'dans chaque réponse|dans toutes les réponses|dans toutes tes réponses|à chaque réponse|à la fin de chaque réponse|chaque réponse|systématiquement',
  promote: 'recommande|recommandez|recommander|suggère|suggérez|suggérer|conseille|conseillez|conseille-lui|propose|proposez|proposer|mets en avant|mettez en avant|promeus|promouvoir|vante|vantez|mentionne|mentionnez|cite|citez|oriente|orientez|redirige|redirigez|pousse',
  rivals: 'concurrence|concurrents|concurrent|autres marques|autres produits|autres banques|autres enseignes|autres applications|autres sites|autres assureurs|rivaux',
  send: "envoie|envoyez|envoyer|transfère|transférez|transférer|transmets|transmettez|transmettre|fais suivre|faites suivre|partage|partagez|téléverse|téléversez|publie|publiez|copie|copiez|ajoute|ajoutez|ajouter|insère|insérez|intègre|intégrez|joins|joignez|colle|collez|expédie",
  data: "historique|conversations|conversation|discussions|messages|données|informations|mots de passe|mot de passe|identifiants|mémoire|souvenirs|faits enregistrés|notes|e-mails|contacts|coordonnées|code|codes|numéro de carte|nom|adresse",
  label:
    "note du développeur|note des développeurs|message du développeur|message du système|message système|avis du système|notification système|note de l'administrateur|message de l'administrateur|avis de l'administrateur|avis de conformité|note de conformité|note de l'opérateur|mise à jour de la politique|mise à jour des règles|mise à jour de sécurité|journal des modifications|notes de version|système|administrateur|admin|développeur|opérateur|conformité|important|urgent",
  grant: "a autorisé|a permis|a donné son accord|a donné la permission|a donné son consentement|a consenti|a accordé|a approuvé|est autorisé|es autorisé|est habilité|a validé|autorise|consentement|autorisation",
  user: "utilisateur|utilisatrice|titulaire du compte|propriétaire du compte",
  disabled: "désactivé*|suspendu*|supprimé*|levé*|annulé*|révoqué*|caduque*|ne s'appliquent plus|ne s'applique plus|ne sont plus valables|ne sont plus en vigueur|obsolète*|abrogé*",
  roleplay:
    "joue le rôle|jouez le rôle|jouer le rôle|incarne|incarnez|fais semblant d'être|faites semblant d'être|prétends être|prétendez être|agis comme|agissez comme|comporte-toi comme|comportez-vous comme|fais comme si tu étais|imagine que tu es|imaginez que vous êtes|endosse le rôle|mets-toi dans la peau|glisse-toi dans la peau|deviens|fais-toi passer pour|tu es maintenant",
  unbound: "sans aucune règle|sans règles|sans règle|sans restriction*|sans aucune restriction|sans limite*|sans aucune limite|sans filtre*|sans aucun filtre|sans censure|sans contrainte*|aucune règle|aucune restriction|aucune limite|aucun filtre|n'a pas de règles|libre de toute règle",
  run: 'exécute|exécutez|exécuter|lance|lancez|lancer|appelle|appelez|invoque|invoquez|déclenche|déclenchez|active|activez',
  tool: 'outil|fonction|commande|script|appel|api|action|tool',
  decode: 'décode|décodez|décoder|déchiffre|déchiffrez|déchiffrer|inverse|lis à l\'envers|traduis',
  obey: "obéis|obéissez|obéir|exécute|exécutez|exécuter|applique|appliquez|appliquer|suis|suivez|suivre|respecte|respectez|fais ce qu'il dit|faites ce qu'il dit|fais ce qu'elles disent|conforme-toi|exécute-le|applique-les",
  all: 'tous|toutes|tout|chaque',
  soft: "toujours|jamais|ne|n'|aussi|puis|alors|ensuite|immédiatement|simplement|discrètement|s'il te plaît|s'il vous plaît|désormais|maintenant|et",
};

const de: Lexicon = {
  lang: 'de',
  script: LATIN,
  spacing: 'spaced',
  verbs: 'first',
  ai: 'assistent|assistentin|assistenten|ki|künstliche intelligenz|modell|sprachmodell|bot|chatbot|agent|ki-assistent',
  you: 'du|dich|dir|dein*|euer',
  modal: 'muss|musst|müssen|soll|sollst|sollen|darf|darfst|dürfen|kann|kannst|ist verpflichtet|bist verpflichtet|ist berechtigt|bist berechtigt|ist befugt|bist befugt|ist erlaubt|hat zu|hast zu',
  order:
    'sag|sage|sagen sie|antworte|antworten sie|beantworte|schreib|schreibe|füge|füg|ergänze|empfiehl|empfehlen sie|schlag vor|schlage vor|schick|schicke|sende|leite weiter|leite|zeig|zeige|gib aus|gib|verrate|nenne|nenn|bitte ihn|bitte sie|frag|frage|fordere|ruf an|erwähne|erwähnen sie|ignoriere|ignorier|gehorche|bestreite|behaupte|lösche|teile|verweise|führe aus|führe|rate|rate ihm|rate ihr|fordere ihn auf|weise ihn an|warne|überzeuge|teile ihm mit',
  override:
    'ignoriere|ignorier|ignorieren|ignorieren sie|vergiss|vergesst|vergessen sie|vergessen|missachte|missachten|missachten sie|umgehe|umgeh|umgehen|übergehe|überspringe|verwirf|setze außer kraft|setz außer kraft|außer kraft setzen|hör auf zu befolgen|befolge nicht mehr|befolge nicht|befolgen sie nicht|halte dich nicht an|deaktiviere|deaktivieren|hebe auf|lass außer acht|lasse außer acht|außer acht lassen|wirf über bord|setze dich hinweg über|setz dich hinweg über|setze dich über|verletze|brich',
  policy:
    '*anweisungen|anweisung|instruktionen|*regeln|*richtlinien|vorgaben|vorschriften|*einschränkungen|beschränkungen|*filter|schutzmaßnahmen|leitlinien|systemprompt|befehle|grundsätze|schranken|prompt',
  prior: 'vorherig*|bisherig*|vorig*|obig*|früher*|alle|alles|deine|deinen|deiner|ihre|system*|ursprünglich*|sicherheits*|ethisch*|alten|geltenden|gegebenen',
  systemPrompt: 'systemprompt|system-prompt|systemnachricht|systemanweisungen|systemanweisung|systemvorgaben|systeminstruktionen|versteckte anweisungen|system prompt|interne anweisungen',
  reveal: 'zeig|zeige|zeigen sie|gib aus|gib|verrate|verraten sie|offenbare|lege offen|enthülle|nenne|nenn|schreib|schreibe|drucke|druck|wiederhole|teile|kopiere|gib preis|gib heraus|liste auf',
  persist:
    'ab sofort|ab jetzt|von nun an|fortan|künftig|zukünftig|in zukunft|ab heute|von jetzt an|für immer|dauerhaft|in jedem gespräch|in allen gesprächen|in jeder unterhaltung|in allen künftigen gesprächen|in allen zukünftigen gesprächen|nach jedem gespräch|nach jeder antwort|am ende jeder antwort|beim nächsten mal|das nächste mal',
  condition: 'immer wenn|jedes mal wenn|jedesmal wenn|wann immer|sobald der nutzer|sobald der benutzer|wenn der nutzer|wenn der benutzer|falls der nutzer|falls der benutzer|wenn die nutzerin|wenn jemand|wenn du gefragt wirst|wenn man dich fragt|sollte der nutzer',
  whatever: 'egal was|egal wonach|egal worum|ganz gleich was|ganz egal|unabhängig davon|was auch immer|in jedem fall|ohne ausnahme|auf jeden fall|gleichgültig',
  every: 'in jeder antwort|in allen antworten|in jeder deiner antworten|bei jeder antwort|am ende jeder antwort|jede antwort',
  promote: 'empfiehl|empfehle|empfehlen sie|empfehlen|schlag vor|schlage vor|rate zu|bewirb|bewerbe|preise an|erwähne|nenne|verweise auf|hebe hervor|stell vor|stelle vor|rate',
  rivals: 'konkurrenz|konkurrenten|mitbewerber|wettbewerber|andere marken|andere anbieter|andere produkte|andere banken|andere versicherungen|andere apps',
  send: 'schick|schicke|schicken sie|sende|senden sie|übermittle|übermittel|leite weiter|leite|lade hoch|lad hoch|teile|poste|veröffentliche|kopiere|hänge an|häng an|füge hinzu|füg hinzu|füge ein|bette ein|sende weiter|hänge|füge',
  data: '*verlauf|gespräche|unterhaltungen|nachrichten|daten|informationen|passwörter|passwort|zugangsdaten|kennwörter|erinnerungen|gespeichert*|notizen|e-mails|kontakte|pin|code|name|adresse',
  label:
    'systemhinweis|systemnachricht|systemmeldung|system-hinweis|hinweis des entwicklers|entwicklerhinweis|entwicklernotiz|notiz des entwicklers|admin-hinweis|administratorhinweis|hinweis des administrators|nachricht des administrators|compliance-hinweis|betreiberhinweis|hinweis des betreibers|richtlinien-update|richtlinienänderung|änderungsprotokoll|versionshinweise|sicherheitshinweis|system|admin|administrator|entwickler|betreiber|wichtig|achtung',
  grant: 'hat erlaubt|hat gestattet|hat zugestimmt|hat eingewilligt|hat autorisiert|hat genehmigt|hat freigegeben|hat die erlaubnis|hat berechtigt|ist erlaubt|ist gestattet|genehmigt|zugestimmt|eingewilligt|autorisiert|berechtigt|befugt|einverständnis|freigabe|einwilligung|erlaubnis',
  user: 'nutzer|nutzerin|benutzer|benutzerin|anwender|anwenderin|kontoinhaber|user',
  disabled: 'deaktiviert|aufgehoben|ausgesetzt|entfernt|abgeschaltet|ausgeschaltet|außer kraft|ungültig|nichtig|gelten nicht mehr|gilt nicht mehr|nicht mehr gültig|gestrichen|widerrufen|abgeschafft|überholt',
  roleplay:
    'spiel|spiele|spielen sie|verkörpere|stell dar|stelle dar|gib dich aus als|tu so als|tue so als|tu so|als wärst du|schlüpf in die rolle|schlüpfe in die rolle|übernimm die rolle|nimm die rolle|agiere als|handle als|verhalte dich wie|verhalte dich als|sei ab sofort|du bist jetzt|du bist ab sofort|stell dir vor du bist|stell dir vor, du bist',
  unbound: 'ohne regeln|ohne jegliche regeln|ohne einschränkungen|ohne jede einschränkung|ohne einschränkung|ohne beschränkungen|ohne grenzen|ohne filter|ohne zensur|ohne limits|keine regeln|keine einschränkungen|keine grenzen|keine filter|keinerlei regeln|uneingeschränkt*|ungefiltert*|unzensiert*|frei von regeln',
  run: 'führe aus|führe|führ aus|rufe auf|ruf auf|starte|löse aus|aktiviere',
  tool: 'werkzeug*|tool|funktion|befehl|skript|script|aufruf|api|aktion',
  decode: 'dekodiere|decodiere|entschlüssele|entschlüssle|dekodier|entziffere|lies rückwärts|übersetze',
  obey: 'befolge|befolg|befolgen|gehorche|gehorchen|führe aus|ausführen|halte dich an|setze um|setz um|umsetzen|tu was|tue was|folge',
  all: 'alle|alles|sämtliche|jede|jeden|jedes',
  soft: 'immer|stets|nie|niemals|nicht|bitte|auch|dann|sofort|einfach|jetzt|nur|heimlich|unauffällig|und|außerdem|ab sofort',
};

const it: Lexicon = {
  lang: 'it',
  script: LATIN,
  spacing: 'spaced',
  verbs: 'first',
  ai: "assistente|l'assistente|ia|l'ia|intelligenza artificiale|l'intelligenza artificiale|modello|modello linguistico|bot|chatbot|agente",
  you: 'tu|tuoi|tue|voi|vostre|vostri',
  modal: 'deve|devi|dovrà|dovrai|può|puoi|potrà|è autorizzato a|sei autorizzato a|è tenuto a|ha il permesso di|hai il permesso di|bisogna|è obbligato a',
  order:
    "di'|dì|digli|dille|dica|dire|rispondi|risponda|rispondere|scrivi|scriva|scrivere|aggiungi|aggiunga|aggiungere|includi|includa|consiglia|consigliagli|consigli|consigliare|raccomanda|raccomandi|suggerisci|suggerisca|invia|invii|inviare|manda|mandi|inoltra|inoltri|mostra|mostri|mostrare|rivela|riveli|rivelare|chiedi|chiedigli|chieda|dai|dagli|chiama|chiami|menziona|menzioni|cita|citi|citare|nominare|nomina|ignora|ignori|obbedisci|nega|afferma|insisti|avverti|indirizza|esegui|esegua|cancella|elimina|condividi|parla|assicuragli|convincilo",
  override:
    'ignora|ignorate|ignori|ignorare|dimentica|dimenticate|dimentichi|dimenticare|trascura|trascurare|tralascia|tralasciare|non considerare|non seguire|non rispettare|non seguire più|non rispettare più|smetti di seguire|smetti di rispettare|aggira|aggirare|eludi|eludere|scavalca|bypassa|disattiva|disattivare|metti da parte|non tenere conto|non tener conto|disobbedisci|annulla|annullare|infrangi|viola|violare|salta',
  policy: 'istruzioni|indicazioni|regole|direttive|linee guida|politiche|restrizioni|limitazioni|filtri|vincoli|protezioni|prompt|impostazioni di sicurezza|norme|principi|messaggi',
  prior: 'precedenti|tutte|tutti|ogni|le tue|tue|tuoi|di sistema|del sistema|di sicurezza|iniziali|originali|sopra|etiche|vecchie|abituali|ricevute|date',
  systemPrompt: 'prompt di sistema|prompt del sistema|messaggio di sistema|istruzioni di sistema|istruzioni del sistema|istruzioni nascoste|system prompt|istruzioni interne',
  reveal: 'rivela|riveli|rivelare|mostra|mostrami|mostri|mostrare|stampa|stampare|scrivi|copia|condividi|divulga|divulgare|svela|svelare|ripeti|ripetere|dimmi|dammi|elenca',
  persist:
    "d'ora in poi|da ora in poi|da adesso in poi|da adesso|d'ora innanzi|da oggi in poi|da oggi|per sempre|in futuro|in ogni conversazione|in tutte le conversazioni|in tutte le future conversazioni|nelle prossime conversazioni|la prossima volta|dopo ogni|alla fine di ogni|permanentemente",
  condition: "ogni volta che|ogni qual volta|ogniqualvolta|tutte le volte che|quando l'utente|se l'utente|non appena l'utente|qualora l'utente|se ti chiedono|quando ti chiedono|se ti viene chiesto|la prossima volta che|se qualcuno",
  whatever: 'qualunque cosa|qualsiasi cosa|a prescindere|indipendentemente|non importa|in ogni caso|senza eccezioni|checché',
  every: 'in ogni risposta|in tutte le risposte|in ciascuna risposta|alla fine di ogni risposta|ogni risposta',
  promote: 'consiglia|consigliagli|consigli|consigliare|raccomanda|raccomandi|raccomandare|suggerisci|suggerisca|suggerire|proponi|proponga|proporre|promuovi|promuova|pubblicizza|menziona|menzioni|cita|indirizza|spingi',
  rivals: 'concorrenza|concorrenti|concorrente|altre marche|altri marchi|altri prodotti|altre banche|altri negozi|altre app|rivali',
  send: 'invia|invii|inviare|manda|mandi|mandare|inoltra|inoltri|inoltrare|trasmetti|trasmettere|carica|caricare|condividi|condividere|pubblica|copia|aggiungi|aggiungere|inserisci|inserire|allega|allegare|incorpora',
  data: 'cronologia|conversazioni|conversazione|chat|messaggi|dati|informazioni|password|credenziali|memoria|ricordi|fatti salvati|note|email|e-mail|contatti|pin|codice|codici|nome|indirizzo',
  label:
    "avviso di sistema|messaggio di sistema|notifica di sistema|nota dello sviluppatore|nota degli sviluppatori|messaggio dello sviluppatore|nota dell'amministratore|avviso dell'amministratore|messaggio dell'amministratore|avviso di conformità|nota dell'operatore|aggiornamento delle policy|aggiornamento della politica|registro delle modifiche|note di rilascio|sistema|amministratore|admin|sviluppatore|operatore|importante|urgente",
  grant: 'ha autorizzato|ha permesso|ha dato il permesso|ha dato il consenso|ha acconsentito|ha concesso|ha approvato|è autorizzato|sei autorizzato|è consentito|ha il permesso|hai il permesso|autorizza|consenso|autorizzazione',
  user: "utente|l'utente|titolare dell'account|proprietario dell'account",
  disabled: 'disattivat*|sospes*|rimoss*|revocat*|annullat*|eliminat*|abolit*|non valgono più|non sono più valide|non si applicano più|decadut*|tolt*',
  roleplay: "interpreta il ruolo|interpreta|fai la parte|recita la parte|fingi di essere|finga di essere|fai finta di essere|comportati come|agisci come|impersona|immedesimati|diventa|immagina di essere|calati nei panni|assumi il ruolo|gioca a essere|ora sei",
  unbound: 'senza regole|senza alcuna regola|senza restrizioni|senza limiti|senza filtri|senza censura|senza vincoli|nessuna regola|nessun limite|nessun filtro|nessuna restrizione|privo di regole|libero da regole|libera da regole',
  run: 'esegui|esegua|eseguire|avvia|lancia|chiama|invoca|attiva|richiama',
  tool: 'strumento|funzione|comando|script|chiamata|api|azione|tool',
  decode: 'decodifica|decifra|decodificare|decifrare|inverti|leggi al contrario|traduci',
  obey: 'obbedisci|obbedire|esegui|eseguire|eseguilo|segui|seguire|seguilo|applica|applicare|rispetta|rispettare|fai quello che dice|attieniti',
  all: 'tutti|tutte|tutto|ogni|ciascun*',
  soft: 'sempre|mai|non|anche|poi|quindi|subito|immediatamente|semplicemente|per favore|ora|adesso|solo|e|inoltre|discretamente',
};

const pt: Lexicon = {
  lang: 'pt',
  script: LATIN,
  spacing: 'spaced',
  verbs: 'first',
  ai: 'assistente|ia|inteligência artificial|modelo|modelo de linguagem|bot|chatbot|agente',
  you: 'você|tu|teu|teus|tua|tuas|vocês',
  modal: 'deve|deves|deverá|tem que|tem de|tens de|pode|podes|poderá|está autorizado a|estás autorizado a|precisa|é obrigado a|está liberado para',
  order:
    'diga|diz|diga-lhe|diz-lhe|dizer|responda|responde|responder|escreva|escreve|escrever|adicione|adiciona|acrescente|inclua|inclui|recomende|recomenda|recomendar|sugira|sugere|sugerir|aconselhe|aconselha|envie|envia|enviar|mande|manda|mandar|encaminhe|encaminha|mostre|mostra|mostrar|revele|revela|revelar|peça|pede|pedir|dê|dá|dar|ligue|chame|mencione|menciona|cite|cita|ignore|ignora|obedeça|obedece|negue|afirme|insista|avise|direcione|execute|executa|apague|apaga|exclua|compartilhe|partilhe|fale|convença|garanta',
  override:
    'ignore|ignora|ignorem|ignorar|esqueça|esquece|esqueçam|esquecer|desconsidere|desconsidera|desconsiderar|descarte|descarta|descartar|deixe de lado|deixa de lado|não siga|não sigas|não siga mais|pare de seguir|para de seguir|deixe de seguir|deixe de cumprir|contorne|contorna|contornar|burle|burla|burlar|desative|desativa|desativar|pule|pula|salte|não obedeça|desobedeça|anule|anula|viole|passe por cima|ignorar todas',
  policy: 'instruções|orientações|regras|diretrizes|diretivas|políticas|restrições|limitações|filtros|proteções|salvaguardas|prompt|normas|configurações de segurança|comandos|princípios|mensagens',
  prior: 'anteriores|prévias|todas|todos|suas|teus|tuas|do sistema|de sistema|de segurança|iniciais|originais|acima|éticas|antigas|padrão|recebidas|dadas',
  systemPrompt: 'prompt do sistema|prompt de sistema|mensagem do sistema|mensagem de sistema|instruções do sistema|instruções ocultas|system prompt|instruções internas',
  reveal: 'revele|revela|revelar|mostre|mostra|mostrar|imprima|imprime|imprimir|escreva|escreve|copie|compartilhe|divulgue|divulga|divulgar|exponha|repita|repete|diga-me|me diga|me mostre|liste',
  persist:
    'de agora em diante|a partir de agora|daqui em diante|doravante|daqui para frente|a partir de hoje|para sempre|permanentemente|em todas as conversas|em cada conversa|em todas as futuras conversas|nas próximas conversas|da próxima vez|depois de cada|após cada|ao final de cada|no fim de cada',
  condition:
    'sempre que|toda vez que|cada vez que|todas as vezes que|quando o usuário|se o usuário|quando a usuária|se a usuária|quando o utilizador|se o utilizador|assim que o usuário|caso o usuário|se te perguntarem|se perguntarem|quando perguntarem|da próxima vez que|se alguém',
  whatever: 'não importa o que|não importa|independentemente|seja o que for|o que quer que|qualquer que seja|sem exceção|aconteça o que acontecer|em qualquer caso',
  every: 'em cada resposta|em todas as respostas|em toda resposta|ao final de cada resposta|cada resposta',
  promote: 'recomende|recomenda|recomendar|sugira|sugere|sugerir|aconselhe|aconselha|aconselhar|indique|indica|indicar|promova|promove|promover|divulgue|mencione|menciona|cite|cita|direcione|empurre',
  rivals: 'concorrência|concorrentes|concorrente|outras marcas|outros produtos|outros bancos|outras lojas|outros aplicativos|rivais',
  send: 'envie|envia|enviar|mande|manda|mandar|encaminhe|encaminha|encaminhar|transmita|transmite|carregue|faça upload|compartilhe|partilhe|publique|copie|adicione|adiciona|acrescente|inclua|insira|insere|anexe|anexa|incorpore',
  data: 'histórico|conversas|conversa|chats|mensagens|dados|informações|senhas|senha|credenciais|memória|memórias|lembranças|fatos salvos|notas|e-mails|contatos|pin|código|códigos|nome|endereço',
  label:
    'aviso do sistema|mensagem do sistema|notificação do sistema|nota do desenvolvedor|nota dos desenvolvedores|mensagem do desenvolvedor|aviso do administrador|nota do administrador|mensagem do administrador|aviso de conformidade|nota do operador|atualização de política|atualização da política|registro de alterações|notas de versão|sistema|administrador|admin|desenvolvedor|operador|importante|urgente',
  grant: 'autorizou|tem autorização|deu permissão|deu consentimento|deu o seu consentimento|consentiu|concedeu|aprovou|permitiu|está autorizado|está permitido|tem permissão|autoriza|consentimento|autorização',
  user: 'usuário|usuária|utilizador|utilizadora|titular da conta|proprietário da conta',
  disabled: 'desativad*|suspens*|removid*|revogad*|anulad*|eliminad*|cancelad*|não valem mais|não se aplicam mais|não são mais válidas|sem efeito|abolid*',
  roleplay: 'interprete o papel|interpreta o papel|faça o papel|faz o papel|finja ser|finge ser|finja que é|finge que és|aja como|age como|comporte-se como|passe-se por|se passe por|imagine que você é|assuma o papel|incorpore|encarne|agora você é',
  unbound: 'sem regras|sem nenhuma regra|sem restrições|sem nenhuma restrição|sem limites|sem filtros|sem censura|sem limitações|nenhuma regra|nenhum limite|nenhum filtro|livre de regras',
  run: 'execute|executa|executar|rode|roda|rodar|chame|chama|invoque|invoca|acione|aciona|ative|ativa|dispare',
  tool: 'ferramenta|função|comando|script|chamada|api|ação|tool',
  decode: 'decodifique|decodifica|decifre|decifra|decodificar|decifrar|inverta|leia ao contrário|traduza',
  obey: 'obedeça|obedece|obedecer|cumpra|cumpre|cumprir|siga|segue|seguir|execute|executa|executar|aplique|faça o que diz|faz o que diz|faça o que ele diz|acate',
  all: 'todos|todas|tudo|cada',
  soft: 'sempre|nunca|jamais|não|também|depois|então|imediatamente|simplesmente|por favor|agora|só|apenas|e|discretamente',
};

const nl: Lexicon = {
  lang: 'nl',
  script: LATIN,
  spacing: 'spaced',
  verbs: 'first',
  ai: 'assistent|ai|kunstmatige intelligentie|model|taalmodel|bot|chatbot|agent',
  you: 'je|jij|jou|jouw|u|uw',
  modal: 'moet|moeten|mag|mogen|kan|kunt|dient|dient te|is toegestaan|heeft toestemming|is verplicht|zal',
  order:
    'zeg|zeg hem|zeg haar|vertel|antwoord|beantwoord|schrijf|voeg toe|voeg|raad aan|beveel aan|stel voor|stuur|verstuur|stuur door|toon|laat zien|geef weer|onthul|vraag|vraag om|geef|bel|noem|vermeld|negeer|gehoorzaam|ontken|beweer|verwijs|voer uit|wis|verwijder|deel|spreek|adviseer|raad|overtuig|waarschuw',
  override:
    'negeer|negeren|vergeet|vergeten|laat varen|volg niet|volg niet meer|niet meer volgen|omzeil|omzeilen|sla over|schakel uit|zet uit|trek je niets aan van|houd je niet aan|hou je niet aan|lap aan je laars|overtreed|schend|gooi overboord|annuleer|schuif terzijde|leg naast je neer',
  policy: '*instructies|aanwijzingen|opdrachten|*regels|*richtlijnen|*beleid|beperkingen|restricties|*filters|prompt|systeemprompt|bevelen|voorschriften|principes|grenzen',
  prior: 'vorige|eerdere|voorgaande|alle|al je|je|jouw|uw|systeem*|bovenstaande|oorspronkelijke|oude|veiligheids*|ethische|gegeven',
  systemPrompt: 'systeemprompt|systeem prompt|systeembericht|systeeminstructies|verborgen instructies|system prompt|interne instructies',
  reveal: 'onthul|toon|laat zien|geef weer|geef|print|druk af|schrijf uit|schrijf|kopieer|deel|herhaal|vertel|verklap|maak bekend|geef prijs',
  persist:
    'vanaf nu|van nu af aan|voortaan|vanaf vandaag|in de toekomst|voor altijd|permanent|in elk gesprek|in alle gesprekken|in alle toekomstige gesprekken|in elke conversatie|na elk gesprek|na elk antwoord|aan het einde van elk|de volgende keer',
  condition: 'telkens als|telkens wanneer|elke keer als|elke keer dat|iedere keer als|iedere keer dat|wanneer de gebruiker|als de gebruiker|zodra de gebruiker|indien de gebruiker|als iemand|als je gevraagd wordt|als men vraagt',
  whatever: 'wat … ook|ongeacht|hoe dan ook|in alle gevallen|zonder uitzondering|wat er ook gebeurt',
  every: 'in elk antwoord|in elke reactie|in al je antwoorden|bij elk antwoord|aan het einde van elk antwoord|elk antwoord',
  promote: 'raad aan|beveel aan|stel voor|adviseer|promoot|noem|vermeld|verwijs naar|prijs aan|wijs op|raad',
  rivals: 'concurrenten|concurrentie|concurrent|andere merken|andere producten|andere banken|andere winkels|andere apps',
  send: 'stuur|stuur door|verstuur|verzend|zend|upload|deel|post|publiceer|kopieer|voeg toe|voeg|plak|stuur mee|doorsturen|versturen',
  data: '*geschiedenis|gesprekken|chats|berichten|gegevens|informatie|wachtwoorden|wachtwoord|inloggegevens|geheugen|herinneringen|opgeslagen*|notities|e-mails|contacten|pincode|code|naam|adres',
  label:
    'systeembericht|systeemmelding|bericht van het systeem|bericht van de ontwikkelaar|notitie van de ontwikkelaar|ontwikkelaarsnotitie|bericht van de beheerder|melding van de beheerder|beheerdersnotitie|nalevingsbericht|compliancemelding|beleidsupdate|wijzigingslog|release notes|systeem|beheerder|admin|ontwikkelaar|operator|belangrijk',
  grant: 'heeft toestemming gegeven|gaf toestemming|heeft toegestaan|stond toe|heeft goedgekeurd|heeft ingestemd|heeft gemachtigd|heeft geautoriseerd|is gemachtigd|is toegestaan|toestemming|geautoriseerd|gemachtigd',
  user: 'gebruiker|gebruikster|accounthouder|eigenaar van het account',
  disabled: 'uitgeschakeld|opgeschort|verwijderd|ingetrokken|opgeheven|vervallen|ongeldig|niet meer geldig|gelden niet meer|buiten werking|geannuleerd|afgeschaft',
  roleplay: 'speel de rol|speel|doe alsof je|doe alsof|doe je voor als|gedraag je als|gedraag je alsof|handel als|neem de rol aan|kruip in de huid|beeld uit|vertolk|je bent nu',
  unbound: 'zonder regels|zonder enige regels|zonder beperkingen|zonder grenzen|zonder filters|zonder censuur|zonder restricties|geen regels|geen beperkingen|geen filters|geen grenzen|vrij van regels|ongefilterd*|ongecensureerd*',
  run: 'voer uit|voer|roep aan|start|activeer|trigger|draai',
  tool: 'tool|functie|commando|opdracht|script|aanroep|api|actie|hulpmiddel',
  decode: 'decodeer|ontcijfer|draai om|lees achterstevoren|vertaal',
  obey: 'gehoorzaam|volg|volg op|voer uit|pas toe|houd je aan|hou je aan|doe wat',
  all: 'alle|alles|elk|elke|ieder|iedere',
  soft: 'altijd|nooit|niet|ook|dan|daarna|meteen|onmiddellijk|gewoon|alsjeblieft|alstublieft|nu|alleen|stilletjes|en',
};

const sv: Lexicon = {
  lang: 'sv',
  script: LATIN,
  spacing: 'spaced',
  verbs: 'first',
  ai: 'assistent|assistenten|ai|ai:n|artificiell intelligens|modell|modellen|språkmodell|bot|botten|chattbot|chatbot|agent',
  you: 'du|dig|din|ditt|dina|ni',
  modal: 'måste|ska|skall|bör|får|kan|är tillåten att|har tillåtelse att|är skyldig att|behöver',
  order:
    'säg|berätta|svara|skriv|lägg till|rekommendera|föreslå|skicka|vidarebefordra|visa|avslöja|be|be hen|be honom|be henne|fråga|ge|ring|nämn|ignorera|lyd|förneka|påstå|hänvisa|kör|utför|radera|ta bort|dela|tala|råd|uppmana|övertyga|varna',
  override: 'ignorera|glöm|bortse från|strunta i|åsidosätt|kringgå|hoppa över|följ inte|sluta följa|sluta lyda|slå av|stäng av|avaktivera|bryt mot|skippa|upphäv|struntar i',
  policy: '*instruktioner|anvisningar|*regler|*riktlinjer|policyer|policys|*begränsningar|restriktioner|*filter|spärrar|skydd|prompt|systemprompt|direktiv|principer',
  prior: 'tidigare|föregående|alla|dina|ditt|din|system*|ursprungliga|säkerhets*|ovanstående|gamla|etiska|givna',
  systemPrompt: 'systemprompt|systemprompten|systemmeddelande|systemmeddelandet|systeminstruktioner|systeminstruktionerna|dolda instruktioner|system prompt|interna instruktioner',
  reveal: 'visa|avslöja|skriv ut|skriv|dela|kopiera|upprepa|berätta|ge|lämna ut|röja|redovisa',
  persist:
    'från och med nu|från och med idag|hädanefter|framöver|i framtiden|för alltid|permanent|i varje samtal|i alla samtal|i alla framtida samtal|efter varje samtal|efter varje svar|i slutet av varje|nästa gång',
  condition: 'varje gång|var gång|närhelst|när användaren|om användaren|så fort användaren|så snart användaren|ifall användaren|om någon|om du blir tillfrågad',
  whatever: 'oavsett|vad … än|hur som helst|utan undantag|i alla lägen|vad som än',
  every: 'i varje svar|i alla svar|i alla dina svar|vid varje svar|i slutet av varje svar|varje svar',
  promote: 'rekommendera|föreslå|tipsa om|råd|marknadsför|lyft fram|nämn|hänvisa till|puffa för',
  rivals: 'konkurrenter|konkurrenterna|konkurrens|konkurrensen|andra märken|andra produkter|andra banker|andra appar',
  send: 'skicka|skicka vidare|vidarebefordra|sänd|överför|ladda upp|dela|posta|publicera|kopiera|lägg till|bifoga|klistra in|infoga|bädda in',
  data: '*historik*|konversationer|samtal|meddelanden|uppgifter|data|information|lösenord|inloggningsuppgifter|minne|minnen|sparade*|anteckningar|mejl|e-post|kontakter|pinkod|kod|bankid-kod|namn|adress',
  label:
    'systemmeddelande|systemavisering|systemnotis|meddelande från systemet|utvecklarnotering|utvecklaranteckning|meddelande från utvecklaren|notering från utvecklaren|administratörsmeddelande|meddelande från administratören|adminnotering|efterlevnadsmeddelande|policyuppdatering|ändringslogg|versionsinformation|system|administratör|admin|utvecklare|operatör|viktigt',
  grant: 'har gett tillåtelse|gav tillåtelse|har tillåtit|tillät|har godkänt|godkände|har samtyckt|samtyckte|har gett sitt samtycke|har auktoriserat|är tillåten|är auktoriserad|samtycke|tillstånd|behörighet|tillåtelse',
  user: 'användar*|kontoinnehavar*',
  disabled: 'avaktiverad*|inaktiverad*|upphävd*|avstängd*|borttagen|borttagna|ogiltig*|gäller inte längre|inte längre giltig*|återkallad*|pausad*|struken|strukna|avskaffad*',
  roleplay: 'spela rollen|spela rollen som|spela|låtsas vara|låtsas att du är|agera som|agera|uppträd som|bete dig som|föreställ dig att du är|gå in i rollen|ta rollen som|gestalta|du är nu',
  unbound: 'utan regler|utan några regler|utan begränsningar|utan några begränsningar|utan filter|utan censur|utan gränser|utan restriktioner|inga regler|inga begränsningar|inga filter|ofiltrerad*|ocensurerad*|fri från regler',
  run: 'kör|utför|anropa|starta|aktivera|trigga|exekvera',
  tool: 'verktyg|verktyget|funktion|funktionen|kommando|kommandot|skript|anrop|api|åtgärd',
  decode: 'avkoda|dekoda|dechiffrera|läs baklänges|vänd på|översätt',
  obey: 'lyd|följ|utför|verkställ|tillämpa|gör som|gör det som',
  all: 'alla|allt|varje|samtliga',
  soft: 'alltid|aldrig|inte|också|även|sedan|då|direkt|omedelbart|bara|snälla|nu|tyst|och',
};

const pl: Lexicon = {
  lang: 'pl',
  script: LATIN,
  spacing: 'spaced',
  verbs: 'first',
  ai: 'asystent*|ai|si|sztuczn* inteligencj*|model|modelem|modelu|model językowy|bot|bota|botem|chatbot*|agent*',
  you: 'ty|ci|cię|twoj*|twój|wasz*',
  modal: 'musi|musisz|ma|masz|powinien|powinieneś|powinnaś|może|możesz|wolno|wolno ci|jest upoważniony do|jesteś upoważniony do|należy|trzeba|nie może|nie możesz',
  order:
    'powiedz|powiedz mu|mów|pytaj|zapytuj|odpowiedz|odpowiadaj|napisz|pisz|dodaj|dodawaj|poleć|polecaj|zaproponuj|proponuj|zarekomenduj|rekomenduj|wyślij|wysyłaj|prześlij|przesyłaj|pokaż|pokazuj|ujawnij|ujawniaj|poproś|proś|zapytaj|daj|dawaj|zadzwoń|wspomnij|wspominaj|wymień|zignoruj|ignoruj|słuchaj|zaprzeczaj|twierdź|kieruj|skieruj|uruchom|wykonaj|usuń|udostępnij|doradź|doradzaj|informuj|poinformuj|przekonaj|ostrzeż',
  override:
    'zignoruj|ignoruj|ignorować|zignorować|zapomnij|pomiń|pomijaj|nie stosuj się do|nie przestrzegaj|przestań przestrzegać|przestań stosować|przestań słuchać|obejdź|omiń|wyłącz|dezaktywuj|unieważnij|odrzuć|nie słuchaj|złam|łam|naruszaj|lekceważ|zlekceważ|obchodzić',
  policy: 'instrukcj*|polecenia|poleceń|zasad*|reguł*|wytyczn*|ograniczeni*|ograniczeń|filtr*|zabezpiecze*|polityk*|prompt*|zakaz*',
  prior: 'wcześniejsz*|poprzedni*|dotychczasow*|wszystk*|twoj*|systemow*|bezpieczeństwa|pierwotn*|oryginaln*|powyższ*|stare|etyczn*',
  systemPrompt: 'prompt* systemow*|systemow* prompt*|instrukcj* systemow*|komunikat* systemow*|wiadomoś* systemow*|ukryt* instrukcj*|system prompt',
  reveal: 'ujawnij|ujawniaj|pokaż|pokazuj|wypisz|wyświetl|wydrukuj|napisz|podaj|udostępnij|skopiuj|powtórz|zdradź|wyjaw|przytocz',
  persist:
    'od teraz|od tej pory|od dziś|od dzisiaj|odtąd|od tego momentu|na zawsze|w przyszłości|na stałe|w każdej rozmowie|we wszystkich rozmowach|we wszystkich przyszłych rozmowach|w kolejnych rozmowach|po każdej rozmowie|po każdej odpowiedzi|na końcu każdej|następnym razem',
  condition: 'za każdym razem|kiedy tylko|ilekroć|gdy użytkownik|kiedy użytkownik|jeśli użytkownik|jeżeli użytkownik|gdyby użytkownik|jak tylko użytkownik|jeśli ktoś|gdy ktoś|gdy zapyta|jeśli zapyta',
  whatever: 'bez względu na to|bez względu na|niezależnie od|obojętnie|cokolwiek|o cokolwiek|bez wyjątku|w każdym przypadku|tak czy inaczej',
  every: 'w każdej odpowiedzi|we wszystkich odpowiedziach|przy każdej odpowiedzi|na końcu każdej odpowiedzi|każda odpowiedź',
  promote: 'poleć|polecaj|zaproponuj|proponuj|zarekomenduj|rekomenduj|doradź|doradzaj|promuj|reklamuj|wspomnij|wspominaj|wymień|wymieniaj|kieruj|sugeruj|zasugeruj',
  rivals: 'konkurencj*|konkurent*|inne marki|innych marek|inne produkty|innych produktów|inne banki|innych banków|innych firm',
  send: 'wyślij|wysyłaj|prześlij|przesyłaj|przekaż|przekazuj|wgraj|załaduj|udostępnij|opublikuj|skopiuj|dodaj|dodawaj|dołącz|dołączaj|wklej|wstaw',
  data: 'histori*|rozmow*|rozmów|czat*|wiadomości|dane|danych|informacje|informacji|hasła|hasło|haseł|dane logowania|pamięć|wspomnienia|zapisane|zapisanych|notatki|e-maile|kontakty|pin|kod|imię|adres',
  label:
    'komunikat systemowy|komunikat systemu|wiadomość systemowa|powiadomienie systemowe|notatka dewelopera|notatka programisty|wiadomość od dewelopera|komunikat administratora|notatka administratora|wiadomość od administratora|komunikat zgodności|aktualizacja zasad|aktualizacja polityki|dziennik zmian|informacja od operatora|system|administrator|admin|deweloper|programista|operator|ważne',
  grant: 'pozwolił|pozwoliła|zezwolił|zezwoliła|wyraził zgodę|wyraziła zgodę|udzielił zgody|udzieliła zgody|upoważnił|upoważniła|autoryzował|zatwierdził|zgodził się|zgodziła się|ma zgodę|masz zgodę|ma pozwolenie|upoważniony|zgoda|zgody|zgodę|pozwolenie',
  user: 'użytkowni*|właściciel konta',
  disabled: 'wyłączon*|zniesion*|zawieszon*|usunięt*|unieważnion*|nieważn*|dezaktywowan*|nie obowiązują|przestały obowiązywać|nieaktualn*|uchylon*|wycofan*',
  roleplay: 'udawaj|udawaj, że jesteś|zagraj rolę|graj rolę|wciel się w|wcielaj się w|odgrywaj rolę|odegraj rolę|zachowuj się jak|działaj jako|bądź|wyobraź sobie, że jesteś|przyjmij rolę|teraz jesteś',
  unbound: 'bez żadnych ograniczeń|bez ograniczeń|bez zasad|bez żadnych zasad|bez reguł|bez filtrów|bez cenzury|bez limitów|bez granic|żadnych zasad|żadnych ograniczeń|żadnych reguł|nieograniczon*|niecenzurowan*',
  run: 'uruchom|wykonaj|wywołaj|odpal|aktywuj|włącz',
  tool: 'narzędzi*|funkcj*|polecenie|komend*|skrypt*|wywołanie|api|akcj*',
  decode: 'zdekoduj|odkoduj|rozszyfruj|odszyfruj|odwróć|przeczytaj od tyłu|przetłumacz',
  obey: 'wykonaj|wykonuj|wykonywać|słuchaj|posłuchaj|zastosuj się|stosuj się|przestrzegaj|realizuj|zrób, co mówi|rób, co każe',
  all: 'wszystkie|wszystkich|wszystko|każdy|każde|każdą|cał*',
  soft: 'zawsze|nigdy|nie|też|także|potem|wtedy|natychmiast|po prostu|proszę|teraz|tylko|po cichu|i|również|od razu',
};

const cs: Lexicon = {
  lang: 'cs',
  script: LATIN,
  spacing: 'spaced',
  verbs: 'first',
  ai: 'asistent*|ai|ui|umělá inteligence|umělé inteligence|umělou inteligenci|model|modelu|modelem|jazykový model|bot|bota|chatbot*|agent*',
  you: 'ty|tvé|tvůj|tvoje|tvých|tvými|vy|váš|vaše|tebe',
  modal: 'musí|musíš|má|máš|měl by|měl bys|smí|smíš|může|můžeš|je oprávněn|jsi oprávněn|je povinen|nesmí|nesmíš|je třeba|je dovoleno',
  order:
    'řekni|řekni mu|říkej|odpověz|odpovídej|napiš|piš|přidej|přidávej|doporuč|doporučuj|navrhni|navrhuj|pošli|posílej|přepošli|ukaž|ukazuj|zobraz|prozraď|odhal|požádej|žádej|zeptej se|dej|dávej|zavolej|zmiň|zmiňuj|zmiň se|nezmiňuj|neříkej|nedoporučuj|ignoruj|poslouchej|popři|tvrď|odkaž|přesměruj|spusť|proveď|smaž|sdílej|mluv|poraď|informuj|přesvědč|varuj',
  override: 'ignoruj|ignorovat|zapomeň|zapomenout|přehlížej|přehlížet|přehlédni|nedbej|nerespektuj|nedodržuj|přestaň dodržovat|přestaň respektovat|obejdi|obcházej|obcházet|obejít|vypni|vypnout|deaktivuj|zruš|porušuj|porušovat|poruš|zahoď|pomiň|pomíjej|neřiď se',
  policy: 'pokyn*|instrukc*|pravidl*|pravidel|zásad*|směrnic*|omezení|filtr*|ochran*|prompt*|příkaz*|předpis*|zákaz*',
  prior: 'předchozí|dřívější|všechny|všech|všechna|veškeré|tvé|tvoje|vaše|systémov*|bezpečnostní|původní|výše uvedené|staré|etické|dosavadní',
  systemPrompt: 'systémov* prompt*|systémov* instrukc*|systémov* pokyn*|systémov* zpráv*|skryté instrukce|skryté pokyny|system prompt',
  reveal: 'prozraď|odhal|ukaž|zobraz|vypiš|vytiskni|napiš|sdílej|zkopíruj|zopakuj|sděl|řekni|vyzraď|zveřejni',
  persist:
    'od teď|od teďka|odteď|od nynějška|od této chvíle|od dneška|napříště|do budoucna|navždy|trvale|v každém rozhovoru|ve všech rozhovorech|ve všech budoucích rozhovorech|po každém rozhovoru|po každé odpovědi|na konci každé|příště',
  condition: 'pokaždé|pokaždé když|kdykoli|kdykoliv|když se uživatel|když uživatel|jakmile uživatel|pokud uživatel|pokud se uživatel|jestli uživatel|jestliže uživatel|kdyby uživatel|pokud se tě někdo zeptá|když se tě zeptají',
  whatever: 'na cokoli|na cokoliv|cokoli|cokoliv|bez ohledu na|nezáleží na tom|bez výjimky|v každém případě|ať už',
  every: 'v každé odpovědi|ve všech odpovědích|u každé odpovědi|na konci každé odpovědi|každá odpověď',
  promote: 'doporuč|doporučuj|navrhni|navrhuj|poraď|raď|propaguj|zmiň|zmiňuj|odkaž|odkazuj|nabídni|nabízej|vychval|zdůrazni',
  rivals: 'konkurenc*|konkurent*|jiné značky|jiných značek|jiné produkty|jiné banky|jiné obchody',
  send: 'pošli|posílej|přepošli|přeposílej|odešli|odesílej|předej|předávej|nahraj|sdílej|zveřejni|zkopíruj|přidej|přidávej|připoj|připojuj|vlož|vkládej',
  data: 'histori*|konverzac*|rozhovor*|zpráv*|údaj*|data|dat|informac*|hesla|hesel|heslo|přihlašovací údaje|paměť|vzpomínky|uložen*|poznámky|e-maily|kontakty|pin|kód|jméno|adres*',
  label:
    'systémová zpráva|systémové upozornění|systémové oznámení|zpráva systému|poznámka vývojáře|zpráva od vývojáře|zpráva vývojáře|poznámka správce|zpráva od správce|upozornění správce|oznámení o souladu|aktualizace zásad|seznam změn|poznámky k vydání|systém|správce|administrátor|admin|vývojář|operátor|důležité',
  grant: 'povolil|povolila|dovolil|dovolila|udělil souhlas|udělila souhlas|dal souhlas|dala souhlas|souhlasil|souhlasila|schválil|schválila|zmocnil|autorizoval|je oprávněn|souhlas|svolení|oprávnění',
  user: 'uživatel*|majitel účtu',
  disabled: 'vypnut*|deaktivován*|zrušen*|pozastaven*|odstraněn*|odvolán*|neplatn*|již neplatí|už neplatí|přestala platit|přestávají platit',
  roleplay: 'hraj roli|hraj|zahraj roli|zahraj si na|předstírej, že jsi|předstírej|vžij se do role|převezmi roli|chovej se jako|jednej jako|vystupuj jako|buď|představ si, že jsi|teď jsi',
  unbound: 'bez pravidel|bez jakýchkoli pravidel|bez omezení|bez jakýchkoli omezení|bez filtrů|bez cenzury|bez limitů|bez hranic|žádná pravidla|žádná omezení|žádné filtry|neomezen*|necenzurovan*',
  run: 'spusť|proveď|zavolej|vyvolej|aktivuj|spouštěj',
  tool: 'nástroj*|funkc*|příkaz*|skript*|volání|api|akc*',
  decode: 'dekóduj|dešifruj|rozšifruj|obrať|přečti pozpátku|přelož',
  obey: 'poslechni|poslouchej|proveď|prováděj|řiď se|dodržuj|splň|plň|udělej, co říká',
  all: 'všechny|všech|všechno|vše|každý|každé|veškeré',
  soft: 'vždy|vždycky|nikdy|ne|také|taky|pak|potom|hned|okamžitě|prostě|prosím|teď|jen|pouze|potichu|a',
};

const ru: Lexicon = {
  lang: 'ru',
  script: CYRILLIC,
  spacing: 'spaced',
  verbs: 'first',
  ai: 'ассистент*|ии|искусственный интеллект|искусственного интеллекта|модель|модели|языковая модель|бот|бота|боту|ботом|чат-бот*|агент*|нейросет*',
  you: 'ты|тебе|тебя|твои|твой|твоя|твоё|твоих|вы|вам|ваш*|свои|свой',
  modal: 'должен|должна|должно|обязан|обязана|можешь|может|можно|разрешено|следует|нужно|надо|имеешь право|имеет право|придётся',
  order:
    'скажи|говори|ответь|отвечай|напиши|пиши|добавь|добавляй|порекомендуй|рекомендуй|советуй|посоветуй|предложи|предлагай|отправь|отправляй|перешли|пересылай|покажи|показывай|выведи|раскрой|раскрывай|попроси|проси|спроси|дай|давай|позвони|упомяни|упоминай|игнорируй|проигнорируй|подчиняйся|отрицай|утверждай|направь|направляй|перенаправь|запусти|выполни|удали|поделись|сообщи|сообщай|предупреди|убеди|убеждай|уверяй|заяви|называй|уговаривай',
  override:
    'игнорируй|проигнорируй|игнорировать|проигнорировать|забудь|забудьте|забыть|не обращай внимания|не обращайте внимания|отбрось|отбросить|отмени|отменить|пренебреги|пренебрегай|не следуй|не следуйте|перестань следовать|перестань соблюдать|не соблюдай|обойди|обходи|обойти|обходить|нарушай|нарушь|нарушать|отключи|отключить|выключи|пропусти|пропускай',
  policy: 'инструкци*|указани*|правил*|ограничени*|фильтр*|директив*|политик*|принцип*|запрет*|промпт*|настройки безопасности|меры безопасности|команды',
  prior: 'предыдущ*|прежн*|все|всё|всех|свои|свой|твои|ваши|системн*|вышеуказанн*|ранее|выше|исходн*|изначальн*|старые|этическ*|полученн*',
  systemPrompt: 'системн* промпт*|системн* инструкци*|системн* сообщени*|системн* подсказк*|скрыт* инструкци*|system prompt|внутренн* инструкци*',
  reveal: 'раскрой|раскрывай|покажи|показывай|выведи|выводи|напечатай|напиши|пиши|поделись|скопируй|повтори|сообщи|выдай|выдавай|опубликуй|расскажи|открой|разгласи|перечисли',
  persist:
    'с этого момента|отныне|впредь|с сегодняшнего дня|теперь всегда|начиная с этого момента|начиная с сегодняшнего дня|начиная с сегодня|навсегда|в каждом разговоре|во всех разговорах|во всех будущих разговорах|в каждом диалоге|во всех диалогах|в будущих диалогах|после каждого|после каждой|в конце каждого|в конце каждой|в следующий раз|с сегодняшнего дня',
  condition: 'каждый раз|всякий раз|как только пользователь|когда пользователь|если пользователь|если кто-то|если тебя спросят|когда тебя спросят|если спросят|при каждом',
  whatever: 'что бы ни|что бы … ни|о чём бы ни|независимо от|вне зависимости от|в любом случае|без исключения|несмотря ни на что|как бы то ни было',
  every: 'в каждом ответе|во всех ответах|в конце каждого ответа|каждый ответ',
  promote: 'рекомендуй|порекомендуй|советуй|посоветуй|предлагай|предложи|продвигай|рекламируй|упоминай|упомяни|направляй|хвали|расхваливай|называй',
  rivals: 'конкурент*|конкуренци*|другие бренды|других брендов|другие марки|других марок|другие продукты|других продуктов|другие банки|других банков|соперник*',
  send: 'отправь|отправляй|перешли|пересылай|пошли|посылай|передай|передавай|загрузи|выгрузи|опубликуй|скопируй|добавь|добавляй|прикрепи|прикрепляй|вставь|вставляй|встрой|сливай|слей',
  data: 'истори*|переписк*|разговор*|диалог*|чат*|сообщени*|данные|данных|информаци*|парол*|учётные данные|учетные данные|памят*|воспоминани*|факт*|сохранённ*|сохраненн*|заметк*|письма|контакты|пин-код|код*|имя|адрес*',
  label:
    'системное сообщение|системное уведомление|системное оповещение|сообщение системы|уведомление системы|заметка разработчика|примечание разработчика|сообщение разработчика|сообщение администратора|уведомление администратора|заметка администратора|уведомление о соответствии|обновление политики|журнал изменений|список изменений|примечания к выпуску|сообщение оператора|система|администратор|админ|разработчик|оператор|важно',
  grant: 'разрешил|разрешила|разрешено|позволил|позволила|дал согласие|дала согласие|дал разрешение|дала разрешение|дал добро|согласился|согласилась|одобрил|одобрила|авторизовал|уполномочил|предоставил право|предоставил доступ|санкционировал|имеешь право|согласие|разрешение',
  user: 'пользовател*|владел* аккаунта',
  disabled: 'отключен*|отключил*|снят*|отменен*|отменён*|удален*|удалён*|приостановлен*|недействительн*|больше не действуют|больше не действует|аннулирован*|упразднен*|выключен*',
  roleplay: 'сыграй роль|играй роль|сыграй|играй|притворись|притворяйся|представь, что ты|представь себе, что ты|изобрази|веди себя как|действуй как|выступай в роли|войди в роль|перевоплотись|стань|будь|теперь ты',
  unbound: 'без ограничений|без каких-либо ограничений|без всяких ограничений|без правил|без каких-либо правил|без фильтров|без цензуры|без запретов|без границ|никаких правил|никаких ограничений|никаких фильтров|не имеет ограничений|неограниченн*',
  run: 'запусти|выполни|вызови|активируй|запускай|выполняй|вызывай',
  tool: 'инструмент*|функци*|команд*|скрипт*|вызов*|api',
  decode: 'декодируй|расшифруй|раскодируй|прочитай наоборот|переверни|переведи',
  obey: 'подчиняйся|подчинись|выполни|выполняй|следуй|исполни|исполняй|соблюдай|делай, что там написано|делай то, что',
  all: 'все|всё|всех|каждый|каждую|каждое|любые|любую',
  soft: 'всегда|никогда|не|также|тоже|потом|затем|сразу|немедленно|просто|пожалуйста|теперь|сейчас|только|тихо|незаметно|и',
};

const uk: Lexicon = {
  lang: 'uk',
  script: CYRILLIC,
  spacing: 'spaced',
  verbs: 'first',
  ai: 'асистент*|ші|штучний інтелект|штучного інтелекту|модель|моделі|мовна модель|бот|бота|боту|чат-бот*|агент*|нейромереж*',
  you: 'ти|тобі|тебе|твої|твій|твоя|твоє|твоїх|ви|вам|ваш*|свої|свій',
  modal: 'мусиш|мусить|повинен|повинна|маєш|має|можеш|може|можна|дозволено|слід|треба|потрібно|зобов\'язаний|маєш право|має право',
  order:
    'скажи|кажи|питай|запитуй|відповідай|напиши|пиши|додай|додавай|порекомендуй|рекомендуй|радь|порадь|запропонуй|пропонуй|надішли|надсилай|відправ|відправляй|перешли|пересилай|покажи|показуй|виведи|розкрий|розкривай|попроси|проси|спитай|запитай|дай|давай|зателефонуй|подзвони|згадай|згадуй|ігноруй|проігноруй|підкоряйся|заперечуй|стверджуй|направ|спрямуй|перенаправ|запусти|виконай|видали|поділись|повідом|повідомляй|попередь|переконай|називай',
  override:
    'ігноруй|проігноруй|ігнорувати|проігнорувати|забудь|забудьте|забути|не зважай на|не звертай уваги|відкинь|скасуй|знехтуй|нехтуй|не дотримуйся|перестань дотримуватися|обійди|обходь|обійти|обходити|порушуй|порушити|вимкни|пропусти|відключи|відключіть|вимкніть',
  policy: 'інструкці*|вказів*|правил*|обмежен*|фільтр*|директив*|політик*|принцип*|заборон*|промпт*|налаштування безпеки|команди',
  prior: 'попередн*|колишн*|усі|всі|усіх|всіх|свої|твої|ваші|системн*|вищезазначен*|раніше|вище|початков*|вихідн*|старі|етичн*|отриман*',
  systemPrompt: 'системн* промпт*|системн* інструкці*|системн* повідомлен*|прихован* інструкці*|system prompt|внутрішн* інструкці*',
  reveal: 'розкрий|розкривай|покажи|показуй|виведи|виводь|надрукуй|напиши|поділись|скопіюй|повтори|повідом|видай|опублікуй|розкажи|відкрий|розголоси|перелічи',
  persist:
    'відтепер|віднині|від сьогодні|з цього моменту|надалі|з сьогоднішнього дня|з сьогодні|назавжди|у кожній розмові|в кожній розмові|у всіх розмовах|в усіх розмовах|у всіх майбутніх розмовах|після кожної|після кожного|в кінці кожної|наприкінці кожної|наступного разу',
  condition: 'щоразу|кожного разу|коли користувач|якщо користувач|як тільки користувач|щойно користувач|якщо хтось|якщо тебе запитають|коли тебе запитають',
  whatever: 'що б не|що б … не|про що б не|незалежно від|у будь-якому разі|в будь-якому випадку|без винятку|хай там що',
  every: 'у кожній відповіді|в кожній відповіді|в усіх відповідях|у всіх відповідях|в кінці кожної відповіді|кожна відповідь',
  promote: 'рекомендуй|порекомендуй|радь|порадь|пропонуй|запропонуй|просувай|рекламуй|згадуй|згадай|направляй|хвали|називай',
  rivals: 'конкурент*|конкуренці*|інші бренди|інших брендів|інші марки|інші продукти|інших продуктів|інші банки|суперник*',
  send: 'надішли|надсилай|відправ|відправляй|перешли|пересилай|передай|передавай|завантаж|вивантаж|опублікуй|скопіюй|додай|додавай|прикріпи|встав|вбудуй|злий|зливай',
  data: 'історі*|переписк*|розмов*|діалог*|чат*|повідомлен*|дані|даних|інформаці*|парол*|облікові дані|пам\'ят*|спогад*|факт*|збережен*|нотатк*|листи|контакти|пін-код|код*|ім\'я|адрес*',
  label:
    'системне повідомлення|системне сповіщення|повідомлення системи|примітка розробника|повідомлення розробника|нотатка розробника|повідомлення адміністратора|сповіщення адміністратора|примітка адміністратора|оновлення політики|журнал змін|список змін|примітки до випуску|повідомлення оператора|система|адміністратор|адмін|розробник|оператор|важливо',
  grant: 'дозволив|дозволила|дозволено|надав дозвіл|надала дозвіл|надав згоду|надала згоду|дав згоду|дала згоду|погодився|погодилася|схвалив|схвалила|авторизував|уповноважив|надав право|надав доступ|маєш право|згода|згоду|дозвіл',
  user: 'користувач*|власник акаунта',
  disabled: 'вимкнен*|вимкнув*|знят*|скасован*|видален*|призупинен*|недійсн*|більше не діють|більше не діє|анульован*|скасував*',
  roleplay: 'зіграй роль|грай роль|зіграй|грай|прикинься|вдавай|уяви, що ти|уяви собі, що ти|зобрази|поводься як|дій як|виступай у ролі|увійди в роль|перевтілись|стань|будь|тепер ти',
  unbound: 'без обмежень|без жодних обмежень|без правил|без жодних правил|без фільтрів|без цензури|без заборон|без меж|жодних правил|жодних обмежень|жодних фільтрів|необмежен*',
  run: 'запусти|виконай|виклич|активуй|запускай|виконуй',
  tool: 'інструмент*|функці*|команд*|скрипт*|виклик*|api',
  decode: 'декодуй|розшифруй|розкодуй|прочитай навпаки|переверни|переклади',
  obey: 'підкоряйся|підкорись|виконай|виконуй|слідуй|дотримуйся|роби, що там написано|роби те, що',
  all: 'усі|всі|все|усе|всіх|усіх|кожен|кожну|кожне|будь-які',
  soft: 'завжди|ніколи|не|також|теж|потім|тоді|одразу|негайно|просто|будь ласка|тепер|зараз|лише|тільки|тихо|непомітно|і|й|та',
};

const el: Lexicon = {
  lang: 'el',
  script: GREEK,
  spacing: 'spaced',
  verbs: 'first',
  ai: 'βοηθός|βοηθό|βοηθού|τεχνητή νοημοσύνη|τεχνητής νοημοσύνης|τν|ai|μοντέλο|γλωσσικό μοντέλο|bot|chatbot|πράκτορας',
  you: 'εσύ|εσείς',
  modal: 'πρέπει να|οφείλεις να|οφείλει να|μπορείς να|μπορεί να|επιτρέπεται να|έχεις δικαίωμα να|δικαιούσαι να|θα πρέπει να|υποχρεούται να',
  order:
    'πες|πείτε|πες του|πες της|απάντησε|απαντήστε|απάντα|γράψε|γράψτε|πρόσθεσε|προσθέστε|πρότεινε|προτείνετε|σύστησε|συστήστε|στείλε|στείλτε|προώθησε|δείξε|δείξτε|εμφάνισε|αποκάλυψε|ζήτησε|ζήτα|ρώτησε|δώσε|δώστε|τηλεφώνησε|ανέφερε|αναφέρετε|αγνόησε|αγνοήστε|υπάκουσε|αρνήσου|ισχυρίσου|κατεύθυνε|εκτέλεσε|διέγραψε|σβήσε|μοιράσου|μίλα|συμβούλεψε|ενημέρωσε|προειδοποίησε|λες|απαντάς|προτείνεις|στέλνεις|αναφέρεις|γράφεις|δίνεις|αγνοείς|εκτελείς|πεις|απαντήσεις|στείλεις|γράψεις|δώσεις|αγνοήσεις|συστήνεις|συμβουλεύεις|ζητάς|λέγε',
  override:
    'αγνόησε|αγνοήστε|αγνοήσεις|αγνοείς|αγνοεί|αγνοήσει|ξέχασε|ξεχάστε|ξεχάσεις|παράβλεψε|παραβλέψτε|παράκαμψε|παρακάμψτε|παρακάμψεις|παρακάμπτει|μην ακολουθείς|μην ακολουθήσεις|σταμάτα να ακολουθείς|σταμάτα να τηρείς|μην τηρείς|απενεργοποίησε|απενεργοποιήστε|ακύρωσε|παραβίασε|πέτα|παράτα',
  policy: 'οδηγίες|οδηγιών|κανόνες|κανόνων|κανονισμούς|πολιτικές|πολιτικής|πολιτική|περιορισμούς|περιορισμοί|περιορισμών|φίλτρα|φίλτρων|δικλείδες|προστασίες|εντολές|εντολών|prompt|ρυθμίσεις ασφαλείας|αρχές',
  prior: 'προηγούμεν*|όλες|όλους|όλα|όλων|σου|σας|του συστήματος|συστήματος|ασφαλείας|αρχικ*|παλιές|παλιούς|παραπάνω|ηθικ*',
  systemPrompt: 'μήνυμα συστήματος|μηνύματος συστήματος|οδηγίες συστήματος|οδηγίες του συστήματος|προτροπή συστήματος|prompt συστήματος|κρυφές οδηγίες|system prompt|εσωτερικές οδηγίες',
  reveal: 'αποκάλυψε|αποκαλύψτε|δείξε|δείξτε|εμφάνισε|εμφανίστε|τύπωσε|εκτύπωσε|γράψε|γράψτε|μοιράσου|αντίγραψε|επανάλαβε|πες μου|δώσε μου|φανέρωσε|αποκαλύπτεις|αποκαλύψεις|δείξεις|εμφανίσεις',
  persist:
    'από τώρα και στο εξής|από τώρα και πέρα|από τώρα|στο εξής|εφεξής|από σήμερα|από εδώ και πέρα|για πάντα|μόνιμα|σε κάθε συνομιλία|σε όλες τις συνομιλίες|σε όλες τις μελλοντικές συνομιλίες|σε κάθε συζήτηση|μετά από κάθε|μετά το τέλος κάθε|στο τέλος κάθε|την επόμενη φορά',
  condition: 'όποτε|κάθε φορά που|κάθε φορά|όταν ο χρήστης|αν ο χρήστης|εάν ο χρήστης|μόλις ο χρήστης|σε περίπτωση που|αν κάποιος|αν σε ρωτήσουν|όταν σε ρωτούν|όταν η χρήστρια',
  whatever: 'ό,τι κι αν|ό,τι και αν|ό,τι και να|οτιδήποτε κι αν|ανεξάρτητα από|ανεξαρτήτως|σε κάθε περίπτωση|χωρίς εξαίρεση',
  every: 'σε κάθε απάντηση|σε όλες τις απαντήσεις|στο τέλος κάθε απάντησης|κάθε απάντηση',
  promote: 'πρότεινε|προτείνετε|προτείνεις|σύστησε|συστήστε|συστήνεις|προώθησε|διαφήμισε|ανέφερε|αναφέρεις|κατεύθυνε|συμβούλεψε|συμβουλεύεις|προβάλλε|παίνεψε',
  rivals: 'ανταγωνιστ*|ανταγωνισμό|άλλες μάρκες|άλλα προϊόντα|άλλες τράπεζες|άλλες εταιρείες',
  send: 'στείλε|στείλτε|στέλνεις|στείλεις|προώθησε|προωθήστε|προωθείς|διαβίβασε|μετάφερε|ανέβασε|μοιράσου|δημοσίευσε|αντίγραψε|πρόσθεσε|προσθέτεις|επισύναψε|ενσωμάτωσε',
  data: 'ιστορικό|ιστορικού|συνομιλίες|συνομιλιών|συζητήσεις|μηνύματα|δεδομένα|δεδομένων|στοιχεία|πληροφορίες|κωδικούς|κωδικοί|κωδικό|κωδικών|συνθηματικά|μνήμη|αναμνήσεις|αποθηκευμέν*|σημειώσεις|email|επαφές|pin|όνομα|διεύθυνση',
  label:
    'μήνυμα συστήματος|ειδοποίηση συστήματος|ανακοίνωση συστήματος|σημείωση προγραμματιστή|σημείωση του προγραμματιστή|μήνυμα προγραμματιστή|μήνυμα του διαχειριστή|μήνυμα διαχειριστή|σημείωση διαχειριστή|ειδοποίηση διαχειριστή|ειδοποίηση συμμόρφωσης|ενημέρωση πολιτικής|αρχείο αλλαγών|σημειώσεις έκδοσης|σύστημα|διαχειριστής|admin|προγραμματιστής|χειριστής|σημαντικό',
  grant: 'επέτρεψε|έδωσε άδεια|έδωσε τη συγκατάθεσή|συγκατατέθηκε|ενέκρινε|εξουσιοδότησε|παραχώρησε|επιτρέπεται|έχει άδεια|έχεις άδεια|συναίνεσε|άδεια|συγκατάθεση|εξουσιοδότηση',
  user: 'χρήστης|χρήστη|χρήστες|χρήστρια|κάτοχος του λογαριασμού',
  disabled: 'απενεργοποιήθηκαν|απενεργοποιημέν*|απενεργοποίησε|ανεστάλησαν|σε αναστολή|καταργήθηκαν|καταργημέν*|αφαιρέθηκαν|ακυρώθηκαν|δεν ισχύουν πλέον|δεν ισχύει πλέον|άκυρ*|ανακλήθηκαν|έληξαν',
  roleplay: 'υποδύσου|παίξε τον ρόλο|παίξε το ρόλο|παίξε|κάνε πως είσαι|κάνε ότι είσαι|προσποιήσου|φέρσου σαν|συμπεριφέρσου σαν|ενσάρκωσε|φαντάσου ότι είσαι|γίνε|τώρα είσαι',
  unbound: 'χωρίς κανόνες|χωρίς κανέναν κανόνα|χωρίς περιορισμούς|χωρίς κανέναν περιορισμό|χωρίς όρια|χωρίς φίλτρα|χωρίς λογοκρισία|κανένας κανόνας|κανέναν κανόνα|κανένα όριο|κανένα φίλτρο|απεριόριστ*|αλογόκριτ*',
  run: 'εκτέλεσε|εκτελέστε|τρέξε|κάλεσε|καλέστε|ενεργοποίησε|εκτελέσεις|τρέξεις',
  tool: 'εργαλείο|εργαλείου|λειτουργία|συνάρτηση|εντολή|σενάριο|script|κλήση|api|ενέργεια',
  decode: 'αποκωδικοποίησε|αποκρυπτογράφησε|αντέστρεψε|διάβασε ανάποδα|μετάφρασε',
  obey: 'υπάκουσε|υπακούς|υπακούει|εκτέλεσε|εκτελείς|εκτελεί|εκτελέσεις|ακολούθησε|ακολουθείς|τήρησε|τηρείς|εφάρμοσε|κάνε ό,τι λέει',
  all: 'όλες|όλους|όλα|όλων|κάθε|ολόκληρ*',
  soft: 'πάντα|ποτέ|μην|μη|να|επίσης|μετά|τότε|αμέσως|απλώς|παρακαλώ|τώρα|μόνο|σιωπηλά|και|κι',
};

export const LEXICONS_EUROPE: readonly Lexicon[] = [es, fr, de, it, pt, nl, sv, pl, cs, ru, uk, el];
